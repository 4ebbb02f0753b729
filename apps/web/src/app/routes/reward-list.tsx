import { ComingSoon } from './coming-soon';

/** Placeholder until the feature ships; replace this route in router.tsx. */
export function RewardListRoute() {
  return <ComingSoon title="打赏列表" />;
}
