import { GiftOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';

/**
 * The chat's tip button (spec §2). Until the payments issue ships `RewardDialog` from features/reward, it opens a
 * placeholder; the app swaps it by passing its own element as ChatPage's `tip` prop, so this file stays untouched.
 */
export function TipButton({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button shape="circle" icon={<GiftOutlined />} onClick={() => setOpen(true)} disabled={disabled} aria-label="打赏" />
      <Modal
        title="打赏"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => setOpen(false)}
        okText="好的"
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Typography.Paragraph>打赏功能即将上线</Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          打赏完全自愿，用于支持平台的日常运营与维护。
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
