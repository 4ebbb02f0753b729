import { useAuthStore } from '@/features/auth/stores/auth-store';
import { TokenStatsPage } from '@/features/stats/components/token-stats-page';

/** /token-stats: admins only (user.is_admin from /auth/me); the server enforces the same rule with 403. */
export function TokenStatsRoute() {
  const isAdmin = useAuthStore((s) => Boolean(s.user?.is_admin));
  return <TokenStatsPage isAdmin={isAdmin} />;
}
