import { LockOutlined } from '@ant-design/icons';
import { MSG, PASSWORD_MIN, PRIVACY_POLICY_VERSION, normalizePhone } from '@lingxi/shared/rules';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/controls/button';
import { TextField } from '@/components/controls/text-field';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useFormFields } from '@/hooks/use-form-fields';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { minLength, phoneChecks, required, sameAs, smsCodeChecks } from '@/lib/validators';
import { resetPassword } from '../api/reset-password';
import { signedInDestination } from '../return-path';
import { useAuthStore } from '../stores/auth-store';
import { AuthCard } from './auth-card';
import { PhoneAndCodeFields } from './phone-fields';

type Values = Record<'phone' | 'code' | 'password' | 'confirmPassword', string>;

/**
 * 忘记密码 (issue 19): the phone's reset code, a new password twice. The server ends every other session of the
 * account and signs this one in, so the person lands where they were going.
 */
export function ResetPasswordPage() {
  useDocumentTitle('重置密码');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const setSession = useAuthStore((s) => s.setSession);
  const [submitting, setSubmitting] = useState(false);
  const form = useFormFields<Values>({
    initial: { phone: '', code: '', password: '', confirmPassword: '' },
    checks: {
      phone: phoneChecks,
      code: smsCodeChecks(MSG.codeSixDigits),
      password: [required(MSG.passwordRequired, { trim: false }), minLength(PASSWORD_MIN, MSG.passwordMin, { trim: false })],
      confirmPassword: [required(MSG.confirmRequired, { trim: false }), sameAs<Values>('password', MSG.confirmMismatch)],
    },
    dependents: { password: ['confirmPassword'] },
  });

  const onValid = async (v: Values) => {
    setSubmitting(true);
    try {
      const res = await resetPassword({ ...v, phone: normalizePhone(v.phone), policy_version: PRIVACY_POLICY_VERSION });
      setSession(res.token, res.user_info);
      message.success('密码已重置，已为你登录');
      navigate(signedInDestination(res.user_info, location.state, location.search), { replace: true });
    } catch (error) {
      message.error(errorMessage(error, '重置密码失败，请重试'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="重置密码"
      subtitle="验证手机号后设置新密码，其他设备上的登录将退出"
      footer={
        <span className="text-secondary">
          想起密码了？
          <Link to={paths.login} state={location.state}>
            返回登录
          </Link>
        </span>
      }
    >
      <form id="reset-password" noValidate onSubmit={form.submit((v) => void onValid(v))}>
        <PhoneAndCodeFields form={form} purpose="reset" />
        <TextField
          {...form.field('password')}
          type="password"
          icon={<LockOutlined />}
          placeholder="新密码（至少6位）"
          autoComplete="new-password"
        />
        <TextField
          {...form.field('confirmPassword')}
          type="password"
          icon={<LockOutlined />}
          placeholder="确认新密码"
          autoComplete="new-password"
        />
        <Button type="submit" variant="primary" size="large" block loading={submitting}>
          重置密码并登录
        </Button>
      </form>
    </AuthCard>
  );
}
