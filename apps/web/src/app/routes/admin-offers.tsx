import { useAuthStore } from '@/features/auth/stores/auth-store';
import { OffersPage } from '@/features/orders';

/** /admin/offers (深度服务定价): admins only, decided by the server (403 to anyone else). */
export function AdminOffersRoute() {
  const initialized = useAuthStore((s) => s.isInitialized);
  const signedIn = useAuthStore((s) => Boolean(s.user));
  return <OffersPage initialized={initialized} signedIn={signedIn} />;
}
