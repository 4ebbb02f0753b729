import { MSG, PRIVACY_POLICY_VERSION, SMS_CODE_LENGTH } from '@lingxi/shared/rules';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { TextField } from '@/components/controls/text-field';
import { useFormFields } from '@/hooks/use-form-fields';
import { phoneChecks, smsCodeChecks } from '@/lib/validators';
import { useLogin } from '../hooks/use-login';
import { LoginFormFooter } from './login-form-footer';
import { SendCodeButton } from './send-code-button';

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
      <TextField {...form.field('phone')} icon={<MobileOutlined />} placeholder="手机号" inputMode="tel" autoComplete="tel" allowClear />
      <TextField
        {...form.field('code')}
        icon={<SafetyOutlined />}
        placeholder="验证码"
        maxLength={SMS_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        after={
          <SendCodeButton
            phone={form.values.phone}
            purpose="login"
            policyVersion={agreed ? PRIVACY_POLICY_VERSION : undefined}
            onInvalidPhone={(text) => form.setError('phone', text)}
          />
        }
      />
      <LoginFormFooter agreed={agreed} onAgreedChange={onAgreedChange} submitting={submitting} />
    </form>
  );
}
