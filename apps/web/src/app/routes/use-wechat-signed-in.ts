import type { UnifiedLoginResponse } from '@lingxi/shared';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { rememberPrivacyAccepted } from '@/features/auth/stores/privacy-consent';
import { useFeedback } from '@/lib/feedback';

/**
 * What a finished WeChat QR sign-in does (spec §2 bind phone): a new WeChat person has an account without a phone and
 * goes to /bind-phone?token=…, where the auth wrapper takes the token; anyone else is signed in and goes home.
 */
export function useWechatSignedIn() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const setSession = useAuthStore((s) => s.setSession);
  return (res: UnifiedLoginResponse) => {
    rememberPrivacyAccepted();
    if (res.need_bind_phone) {
      navigate(`${paths.bindPhone}?token=${encodeURIComponent(res.token)}`, { replace: true });
      return;
    }
    setSession(res.token, res.user_info);
    message.success('登录成功');
    navigate(paths.home, { replace: true });
  };
}
