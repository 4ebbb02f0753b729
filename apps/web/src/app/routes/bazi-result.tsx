import { useAuthStore } from '@/features/auth/stores/auth-store';
import { BaziResultPage } from '@/features/bazi/components/bazi-result-page';

/** /baziresult: the bazi feature with the signed-in user's id (the share card's QR is their invitation link). */
export function BaziResultRoute() {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return <BaziResultPage userId={userId} />;
}
