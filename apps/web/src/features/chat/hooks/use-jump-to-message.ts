import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { UiMessage } from '../types';

/**
 * A search hit to show (issue #16): the session and the message order. Kept outside React so it survives the
 * route change to another persona's chat; the chat page that opens that session scrolls to it.
 */
let pending: { sessionId: string; order: number } | null = null;

export function requestJump(sessionId: string, order: number) {
  pending = { sessionId, order };
}

/**
 * Scrolls the open session to the pending message once it is on screen, loading older pages until it is, and
 * marks it for a moment. Returns a function that asks it to look again (a jump within the session already open).
 */
export function useJumpToMessage(o: {
  cacheKey: string | null;
  messages: UiMessage[];
  loading: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => Promise<void>;
  scroller: RefObject<HTMLElement | null>;
}) {
  const [tick, setTick] = useState(0);
  const { cacheKey, messages, loading, hasOlder, loadingOlder, loadOlder, scroller } = o;
  useEffect(() => {
    const p = pending;
    if (!p || p.sessionId !== cacheKey || loading || loadingOlder || !messages.length) return;
    const el = scroller.current?.querySelector<HTMLElement>(`[data-order="${p.order}"]`);
    if (el) {
      pending = null;
      el.scrollIntoView({ block: 'center' });
      el.classList.add('chat-msg-found');
      setTimeout(() => el.classList.remove('chat-msg-found'), 3000);
      return;
    }
    const first = messages[0];
    if (first && first.order > p.order && hasOlder) void loadOlder();
    else pending = null;
  }, [cacheKey, messages, loading, hasOlder, loadingOlder, loadOlder, scroller, tick]);
  return useCallback(() => setTick((t) => t + 1), []);
}
