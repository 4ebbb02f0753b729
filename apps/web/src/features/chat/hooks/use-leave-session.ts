import { useEffect, useRef } from 'react';

/**
 * Tells `onLeave` which session the user just left — another chat opened, the page left or closed — so its memory
 * can be read now rather than after it has been quiet a while (issue #16).
 */
export function useLeaveSession(cacheKey: string | null, onLeave?: (sessionId: string) => void) {
  const current = useRef<string | null>(null);
  useEffect(() => {
    const was = current.current;
    current.current = cacheKey;
    if (was && was !== cacheKey) onLeave?.(was);
  }, [cacheKey, onLeave]);
  useEffect(() => {
    if (!onLeave) return;
    const bye = () => {
      if (current.current) onLeave(current.current);
    };
    window.addEventListener('pagehide', bye);
    return () => {
      window.removeEventListener('pagehide', bye);
      bye();
    };
  }, [onLeave]);
}
