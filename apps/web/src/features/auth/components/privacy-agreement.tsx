import { MSG } from '@lingxi/shared/rules';
import { lazy, Suspense, useState } from 'react';
import { Checkbox } from '@/components/controls/checkbox';
import { paths } from '@/config/paths';

// The statement is a modal few people open; it loads on the first click instead of with the sign-in page.
const PrivacySummaryModal = lazy(() => import('./privacy-summary-modal').then((m) => ({ default: m.PrivacySummaryModal })));

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
  const [modalUsed, setModalUsed] = useState(false);
  const [touched, setTouched] = useState(false);

  return (
    <div className="privacy-agreement">
      <Checkbox
        checked={checked}
        onChange={(value) => {
          setTouched(true);
          onChange(value);
        }}
      >
        我已阅读并同意
        <a
          href={paths.terms}
          target="_blank"
          rel="noopener"
          // Opens the terms in a new tab; inside the checkbox label it must not toggle consent.
          onClick={(e) => e.stopPropagation()}
        >
          《用户协议》
        </a>
        和
        <a
          href={paths.privacy}
          onClick={(e) => {
            // The link sits inside the checkbox label; opening the statement must not toggle consent.
            e.preventDefault();
            e.stopPropagation();
            setModalUsed(true);
            setModalOpen(true);
          }}
        >
          《隐私政策》
        </a>
      </Checkbox>
      {touched && !checked ? (
        <span className="privacy-agreement-error" role="alert">
          {MSG.privacyRequired}
        </span>
      ) : null}
      {modalUsed ? (
        <Suspense fallback={null}>
          <PrivacySummaryModal open={modalOpen} onClose={() => setModalOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
