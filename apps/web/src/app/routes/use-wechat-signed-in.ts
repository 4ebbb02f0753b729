import type { UnifiedLoginResponse } from '@lingxi/shared';
import { useLocation, useNavigate } from 'react-router';
import { signedInDestination } from '@/features/auth/return-path';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { rememberPrivacyAccepted } from '@/features/auth/stores/privacy-consent';
import { useFeedback } from '@/lib/feedback';

/**
 * What a finished WeChat sign-in does (QR or, inside WeChat, the official account's authorization): the person is
 * signed in; a new WeChat person (no phone yet) is offered /bind-phone (spec §2), anyone else goes back to the page
 * that sent them to /login. No token ever rides in the address (issue 12 item 5).
 */
export function useWechatSignedIn() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const setSession = useAuthStore((s) => s.setSession);
  return (res: UnifiedLoginResponse) => {
    rememberPrivacyAccepted();
    setSession(res.token, res.user_info);
    if (res.user_info.phone) message.success('登录成功');
    navigate(signedInDestination(res.user_info, location.state, location.search), { replace: true });
  };
}
