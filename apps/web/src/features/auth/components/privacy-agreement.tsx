import { Checkbox, Typography } from 'antd';
import { useState } from 'react';
import { MSG } from '@lingxi/shared/rules';
import { PrivacySummaryModal } from './privacy-summary-modal';

interface PrivacyAgreementProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * Consent box shared by every sign-in form. Submit stays disabled while it is unticked, so the
 * '请同意隐私政策' hint appears as soon as someone unticks it instead of on a submit that cannot happen.
 */
export function PrivacyAgreement({ checked, onChange }: PrivacyAgreementProps) {
  const [modalOpen, setModalOpen] = useState(false);
  const [touched, setTouched] = useState(false);

  return (
    <div className="privacy-agreement">
      <Checkbox
        checked={checked}
        onChange={(e) => {
          setTouched(true);
          onChange(e.target.checked);
        }}
      >
        我已阅读并同意
        <Typography.Link
          onClick={(e) => {
            // The link sits inside the checkbox label; opening the statement must not toggle consent.
            e.preventDefault();
            e.stopPropagation();
            setModalOpen(true);
          }}
        >
          《隐私政策》
        </Typography.Link>
      </Checkbox>
      {touched && !checked ? (
        <Typography.Text type="danger" className="privacy-agreement-error" role="alert">
          {MSG.privacyRequired}
        </Typography.Text>
      ) : null}
      <PrivacySummaryModal open={modalOpen} onClose={() => setModalOpen(false)} />
    </div>
  );
}
