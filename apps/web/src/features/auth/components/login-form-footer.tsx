import { Button } from '@/components/controls/button';
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
      <div className="field field-check">
        <PrivacyAgreement checked={agreed} onChange={onAgreedChange} />
      </div>
      <Button type="submit" variant="primary" size="large" block loading={submitting} disabled={!agreed}>
        登录
      </Button>
    </>
  );
}
