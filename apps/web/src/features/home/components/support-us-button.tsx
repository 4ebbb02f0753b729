import { Button, Modal, Typography } from 'antd';
import { HeartOutlined } from '@ant-design/icons';
import { useState } from 'react';

/**
 * Placeholder for the reward dialog (spec §2 'support us'). The payments issue swaps this one component for the
 * real amount + QR flow; callers only render <SupportUsButton />.
 */
export function SupportUsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HeartOutlined />} onClick={() => setOpen(true)}>
        支持我们
      </Button>
      <Modal
        title="支持我们"
        open={open}
        onCancel={() => setOpen(false)}
        onOk={() => setOpen(false)}
        okText="好的"
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Typography.Paragraph>感谢您的支持！打赏功能即将上线，敬请期待。</Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          打赏完全自愿，用于支持平台的日常运营与维护。
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
