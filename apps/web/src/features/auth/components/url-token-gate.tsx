import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { useAuthStore } from '../stores/auth-store';

/**
 * Spec §2: an auth-wrapped route first takes `?token=` from the address (WeChat callback, token links), loads the
 * user with it and then removes it, so the token does not linger in history, bookmarks or Referer headers.
 * Children wait, otherwise ProtectedRoute would send the visitor to /login before the hand-over finishes.
 */
export function UrlTokenGate({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const loadUserWithToken = useAuthStore((s) => s.loadUserWithToken);
  const urlToken = new URLSearchParams(location.search).get('token');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!urlToken || handled.current === urlToken) return;
    handled.current = urlToken;
    const { pathname, search, hash } = location;
    loadUserWithToken(urlToken)
      // Spec §8: failures of this hand-over are only logged; the usual auth rules then decide where the visitor goes.
      .catch((error: unknown) => console.error('token from address failed', error))
      .finally(() => {
        const rest = new URLSearchParams(search);
        rest.delete('token');
        const qs = rest.toString();
        navigate({ pathname, search: qs ? `?${qs}` : '', hash }, { replace: true });
      });
  }, [urlToken, location, loadUserWithToken, navigate]);

  if (urlToken) return <FullPageSpinner text="正在加载用户信息..." />;
  return children ?? <Outlet />;
}
