import { useAuthStore } from '@/features/auth/stores/auth-store';
import { AdminOrdersPage } from '@/features/orders';

/** /admin/orders (订单与收入): admins only, decided by the server (403 to anyone else). */
export function AdminOrdersRoute() {
  const initialized = useAuthStore((s) => s.isInitialized);
  const signedIn = useAuthStore((s) => Boolean(s.user));
  return <AdminOrdersPage initialized={initialized} signedIn={signedIn} />;
}
