import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useFeedback } from '@/lib/feedback';
import { useAuthStore } from '../stores/auth-store';

export function useLogout() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const logout = useAuthStore((s) => s.logout);

  return useCallback(async () => {
    const { serverFailed } = await logout();
    // The local session is gone either way; the message only says the server may still hold the token.
    if (serverFailed) message.error('登出失败，请重试');
    else message.success('已退出登录');
    navigate(paths.login, { replace: true });
  }, [logout, message, navigate]);
}
