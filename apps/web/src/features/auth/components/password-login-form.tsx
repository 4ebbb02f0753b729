import { MSG } from '@lingxi/shared/rules';
import { LockOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { TextField } from '@/components/controls/text-field';
import { paths } from '@/config/paths';
import { useFormFields } from '@/hooks/use-form-fields';
import { phoneChecks, required } from '@/lib/validators';
import { useLogin } from '../hooks/use-login';
import { LoginFormFooter } from './login-form-footer';
import { PhoneField } from './phone-fields';

interface PasswordLoginFormProps {
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
}

export function PasswordLoginForm({ agreed, onAgreedChange }: PasswordLoginFormProps) {
  const { login, submitting } = useLogin();
  const location = useLocation();
  const form = useFormFields({
    initial: { phone: '', password: '' },
    checks: { phone: phoneChecks, password: [required(MSG.passwordRequired, { trim: false })] },
  });

  return (
    <form
      id="password-login"
      noValidate
      onSubmit={form.submit((v) => agreed && login({ login_type: 'phone', phone: v.phone, password: v.password }))}
    >
      <PhoneField {...form.field('phone')} />
      <TextField {...form.field('password')} type="password" icon={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      <div className="field-aside">
        <Link to={paths.resetPassword} state={location.state}>
          忘记密码？
        </Link>
      </div>
      <LoginFormFooter agreed={agreed} onAgreedChange={onAgreedChange} submitting={submitting} />
    </form>
  );
}
