import { ComingSoon } from './coming-soon';

/** Placeholder until the feature ships; replace this route in router.tsx. */
export function TokenStatsRoute() {
  return <ComingSoon title="令牌统计" />;
}
