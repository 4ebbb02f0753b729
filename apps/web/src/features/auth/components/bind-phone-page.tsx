import { normalizePhone } from '@lingxi/shared/rules';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/controls/button';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useFormFields } from '@/hooks/use-form-fields';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { phoneChecks } from '@/lib/validators';
import { bindPhone } from '../api/bind-phone';
import { signInReturnPath } from '../return-path';
import { useAuthStore } from '../stores/auth-store';
import { AuthCard } from './auth-card';
import { PhoneAndCodeFields } from './phone-fields';

/**
 * Where a WeChat-only account adds a phone (spec §2), right after its first WeChat sign-in or from the profile's
 * 绑定手机号. It is optional (issue 19): 暂不绑定 goes on to where the person was going (`?from=`).
 */
export function BindPhonePage() {
  useDocumentTitle('绑定手机号');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const next = signInReturnPath(location.state, location.search);
  const { isInitialized, user, token: storedToken, setSession, refreshUser } = useAuthStore();
  // Spec §5: the code is optional in the form; the server answers '请输入验证码' if it is missing.
  const form = useFormFields({ initial: { phone: '', code: '' }, checks: { phone: phoneChecks } });
  const [submitting, setSubmitting] = useState(false);

  if (!isInitialized) return <FullPageSpinner text="正在加载..." />;
  if (user?.phone) return <Navigate to={next} replace />;
  if (!storedToken) return <Navigate to={paths.login} replace state={{ from: location }} />;

  const onValid = async (v: { phone: string; code: string }) => {
    setSubmitting(true);
    try {
      const res = await bindPhone({ phone: normalizePhone(v.phone), password: '', code: v.code, token: storedToken });
      message.success('手机号绑定成功');
      if (res.token) setSession(res.token, res.data.user_info);
      await refreshUser();
      navigate(next, { replace: true });
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
        <Button variant="text" block className="bind-phone-skip" onClick={() => navigate(next, { replace: true })}>
          暂不绑定
        </Button>
      </form>
    </AuthCard>
  );
}
