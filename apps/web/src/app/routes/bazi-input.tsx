import { ComingSoon } from './coming-soon';

/** Placeholder until the feature ships; replace this route in router.tsx. */
export function BaziInputRoute() {
  return <ComingSoon title="八字排盘" />;
}
