import { ComingSoon } from './coming-soon';

/** Placeholder until the feature ships; replace this route in router.tsx. */
export function ChatRoute() {
  return <ComingSoon title="AI对话" />;
}
