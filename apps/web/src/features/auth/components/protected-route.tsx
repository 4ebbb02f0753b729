import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths } from '@/config/paths';
import { useAuthStore } from '../stores/auth-store';

/** Spec §2 protected-route behaviour, in the spec's order. */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const isInitialized = useAuthStore((s) => s.isInitialized);
  const token = useAuthStore((s) => s.token);
  const user = useAuthStore((s) => s.user);
  const location = useLocation();

  if (!isInitialized) return <FullPageSpinner />;
  if (token && !user) return <FullPageSpinner text="正在加载用户信息..." />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return children ?? <Outlet />;
}
