import { MOBILE_BREAKPOINT } from '@lingxi/shared/rules';
import { useSyncExternalStore } from 'react';

// Spec §2: "768 px or less" is mobile; antd's md breakpoint starts at 768, one pixel off, hence a query of our own.
const QUERY = `(max-width: ${MOBILE_BREAKPOINT}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
