import { Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { SENSITIVE_CONSENT_TEXT } from '../labels';

interface Props {
  open: boolean;
  busy: boolean;
  onAgree: () => void;
  onCancel: () => void;
}

/** The separate consent to remember psychology and emotional chats (sensitive personal information, PIPL Art. 29). */
export function SensitiveConsentModal({ open, busy, onAgree, onCancel }: Props) {
  const [read, setRead] = useState(false);
  return (
    <Modal
      open={open}
      title="开启心理、情感类对话的记忆"
      okText="同意并开启"
      cancelText="暂不开启"
      okButtonProps={{ disabled: !read, loading: busy }}
      onOk={onAgree}
      onCancel={onCancel}
      afterClose={() => setRead(false)}
      destroyOnHidden
    >
      {SENSITIVE_CONSENT_TEXT.map((p) => (
        <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
      ))}
      <Checkbox checked={read} onChange={(e) => setRead(e.target.checked)}>
        我已阅读并单独同意《敏感个人信息处理说明》
      </Checkbox>
    </Modal>
  );
}
