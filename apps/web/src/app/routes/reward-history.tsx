import { ComingSoon } from './coming-soon';

/** Placeholder until the feature ships; replace this route in router.tsx. */
export function RewardHistoryRoute() {
  return <ComingSoon title="我的打赏" />;
}
