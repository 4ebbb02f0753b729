import { ComingSoon } from './coming-soon';

/** Placeholder until the feature ships; replace this route in router.tsx. */
export function BaziResultRoute() {
  return <ComingSoon title="排盘结果" />;
}
