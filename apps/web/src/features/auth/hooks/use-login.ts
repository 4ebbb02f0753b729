import { PRIVACY_POLICY_VERSION, normalizePhone } from '@lingxi/shared/rules';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFeedback } from '@/lib/feedback';
import { unifiedLogin } from '../api/unified-login';
import { loginFailureMessage } from '../login-failure';
import { signedInDestination } from '../return-path';
import { rememberPrivacyAccepted } from '../stores/privacy-consent';
import { useAuthStore } from '../stores/auth-store';

type Credentials = { login_type: 'phone'; phone: string; password: string } | { login_type: 'code'; phone: string; code: string };

export function useLogin() {
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const setSession = useAuthStore((s) => s.setSession);
  const [submitting, setSubmitting] = useState(false);

  const login = async (credentials: Credentials) => {
    setSubmitting(true);
    try {
      const res = await unifiedLogin({
        ...credentials,
        phone: normalizePhone(credentials.phone),
        policy_version: PRIVACY_POLICY_VERSION,
      });
      setSession(res.token, res.user_info);
      rememberPrivacyAccepted();
      message.success('登录成功');
      navigate(signedInDestination(res.user_info, location.state, location.search), { replace: true });
    } catch (error) {
      modal.warning({ title: '提示', content: loginFailureMessage(error), okText: '我知道了' });
    } finally {
      setSubmitting(false);
    }
  };

  return { login, submitting };
}
