import { PRIVACY_POLICY_VERSION, normalizePhone } from '@lingxi/shared/rules';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useFeedback } from '@/lib/feedback';
import { unifiedLogin } from '../api/unified-login';
import { loginFailureMessage } from '../login-failure';
import { rememberPrivacyAccepted } from '../stores/privacy-consent';
import { useAuthStore } from '../stores/auth-store';

type Credentials = { login_type: 'phone'; phone: string; password: string } | { login_type: 'code'; phone: string; code: string };

/** Where ProtectedRoute sent the visitor from, so signing in returns them there instead of always home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  return from?.pathname && from.pathname !== paths.login ? `${from.pathname}${from.search ?? ''}` : paths.home;
}

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
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      modal.warning({ title: '提示', content: loginFailureMessage(error), okText: '我知道了' });
    } finally {
      setSubmitting(false);
    }
  };

  return { login, submitting };
}
