import { useAuthStore } from '@/features/auth/stores/auth-store';
import { OrdersPage } from '@/features/orders';

/** /orders (我的订单): like 我的打赏, the page itself waits for auth and asks a visitor to log in. */
export function OrdersRoute() {
  const initialized = useAuthStore((s) => s.isInitialized);
  const signedIn = useAuthStore((s) => Boolean(s.user));
  return <OrdersPage initialized={initialized} signedIn={signedIn} />;
}
