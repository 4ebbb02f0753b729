import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { readStoredToken } from '@/lib/auth-storage';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { exchangeTicket, ticketIsOwn } from '../api/exchange-ticket';
import { useAuthStore } from '../stores/auth-store';
import { SwitchAccountDialog } from './switch-account-dialog';

/**
 * Spec §2: an auth-wrapped route first takes `?token=` from the address and removes it, so it does not linger in
 * history, bookmarks or Referer headers. Issue 12 item 5: the value is a one-time sign-in ticket spent on the server
 * (POST /auth/exchange-ticket), never a bearer token; and a visitor who is already signed in is asked before the
 * link replaces their session (a crafted link must not silently move their next chats into someone else's account).
 */
export function UrlTokenGate({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const setSession = useAuthStore((s) => s.setSession);
  const urlTicket = new URLSearchParams(location.search).get('token');
  const handled = useRef<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [switching, setSwitching] = useState(false);

  const spend = useCallback(
    async (ticket: string) => {
      try {
        const res = await exchangeTicket(ticket);
        setSession(res.token, res.user_info);
        message.success('登录成功');
      } catch (error) {
        message.error(errorMessage(error, '登录链接无效或已过期，请重新登录'));
      }
    },
    [setSession, message],
  );

  useEffect(() => {
    if (!urlTicket || handled.current === urlTicket) return;
    handled.current = urlTicket;
    const { pathname, search, hash } = location;
    const rest = new URLSearchParams(search);
    rest.delete('token');
    const qs = rest.toString();
    const clean = () => navigate({ pathname, search: qs ? `?${qs}` : '', hash }, { replace: true });
    if (useAuthStore.getState().token || readStoredToken()) {
      clean();
      // The link of one's own account changes nothing; any other account is asked about first.
      ticketIsOwn(urlTicket)
        .then((own) => !own && setPending(urlTicket))
        .catch((error: unknown) => {
          // The stored session had already ended: nothing to switch away from, so the link simply signs in.
          if (error instanceof ApiError && error.status === 401) void spend(urlTicket);
          else message.error(errorMessage(error, '登录链接无效或已过期，请重新登录'));
        });
    } else {
      // The ticket stays in the address (and the spinner up) until spent, or ProtectedRoute would send the visitor
      // to /login meanwhile.
      void spend(urlTicket).finally(clean);
    }
  }, [urlTicket, location, navigate, spend, message]);

  const stay = useCallback(() => setPending(null), []);
  const switchAccount = async () => {
    if (!pending) return;
    setSwitching(true);
    await spend(pending);
    setSwitching(false);
    setPending(null);
  };

  if (urlTicket) return <FullPageSpinner text="正在加载用户信息..." />;
  return (
    <>
      {children ?? <Outlet />}
      {pending ? (
        <SwitchAccountDialog
          current={useAuthStore.getState().user}
          switching={switching}
          onStay={stay}
          onSwitch={() => void switchAccount()}
        />
      ) : null}
    </>
  );
}
