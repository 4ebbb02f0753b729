import { MSG, PRIVACY_POLICY_VERSION } from '@lingxi/shared/rules';
import { useFormFields } from '@/hooks/use-form-fields';
import { phoneChecks, smsCodeChecks } from '@/lib/validators';
import { useLogin } from '../hooks/use-login';
import { LoginFormFooter } from './login-form-footer';
import { PhoneAndCodeFields } from './phone-fields';

interface CodeLoginFormProps {
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
}

export function CodeLoginForm({ agreed, onAgreedChange }: CodeLoginFormProps) {
  const { login, submitting } = useLogin();
  const form = useFormFields({
    initial: { phone: '', code: '' },
    checks: { phone: phoneChecks, code: smsCodeChecks(MSG.codeInvalid) },
  });

  return (
    <form id="code-login" noValidate onSubmit={form.submit((v) => agreed && login({ login_type: 'code', phone: v.phone, code: v.code }))}>
      <PhoneAndCodeFields form={form} purpose="login" policyVersion={agreed ? PRIVACY_POLICY_VERSION : undefined} />
      <LoginFormFooter agreed={agreed} onAgreedChange={onAgreedChange} submitting={submitting} />
    </form>
  );
}
