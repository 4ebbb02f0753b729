import { Button, Form } from 'antd';
import { PrivacyAgreement } from './privacy-agreement';

interface LoginFormFooterProps {
  agreed: boolean;
  onAgreedChange: (checked: boolean) => void;
  submitting: boolean;
}

/** The privacy box and the 登录 button both login tabs end with; the button stays disabled until the box is ticked. */
export function LoginFormFooter({ agreed, onAgreedChange, submitting }: LoginFormFooterProps) {
  return (
    <>
      <Form.Item>
        <PrivacyAgreement checked={agreed} onChange={onAgreedChange} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} disabled={!agreed}>
        登录
      </Button>
    </>
  );
}
