import { normalizePhone } from '@lingxi/shared/rules';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/controls/button';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useFormFields } from '@/hooks/use-form-fields';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { phoneChecks } from '@/lib/validators';
import { bindPhone } from '../api/bind-phone';
import { useAuthStore } from '../stores/auth-store';
import { AuthCard } from './auth-card';
import { PhoneAndCodeFields } from './phone-fields';

/** Where a WeChat-only account adds a phone; it usually arrives as /bind-phone?token=… from the WeChat callback. */
export function BindPhonePage() {
  useDocumentTitle('绑定手机号');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isInitialized, user, token: storedToken, setSession, refreshUser } = useAuthStore();
  // Spec §5: the code is optional in the form; the server answers '请输入验证码' if it is missing.
  const form = useFormFields({ initial: { phone: '', code: '' }, checks: { phone: phoneChecks } });
  const [submitting, setSubmitting] = useState(false);

  if (!isInitialized) return <FullPageSpinner text="正在加载..." />;
  if (user?.phone) return <Navigate to={paths.home} replace />;

  const onValid = async (v: { phone: string; code: string }) => {
    setSubmitting(true);
    try {
      const token = params.get('token') || storedToken;
      const res = await bindPhone({ phone: normalizePhone(v.phone), password: '', code: v.code, token });
      message.success('手机号绑定成功');
      if (res.token) setSession(res.token, res.data.user_info);
      await refreshUser();
      navigate(paths.home, { replace: true });
    } catch (error) {
      message.error(errorMessage(error, '绑定失败，请重试'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="绑定手机号"
      subtitle="绑定手机号，享受更完善的服务"
      footer={<span className="text-secondary">绑定后可使用手机号登录</span>}
    >
      <form id="bind-phone" noValidate onSubmit={form.submit((v) => void onValid(v))}>
        <PhoneAndCodeFields form={form} purpose="bind" />
        <Button type="submit" variant="primary" size="large" block loading={submitting}>
          确认绑定
        </Button>
      </form>
    </AuthCard>
  );
}
