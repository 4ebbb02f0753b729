import { useAuthStore } from '@/features/auth/stores/auth-store';
import { RewardListPage } from '@/features/reward';

/** Not route-guarded (spec §2): the page itself waits for auth and asks a visitor to log in. */
export function RewardListRoute() {
  const initialized = useAuthStore((s) => s.isInitialized);
  const signedIn = useAuthStore((s) => Boolean(s.user));
  return <RewardListPage initialized={initialized} signedIn={signedIn} />;
}
