import { useEffect, useRef } from 'react';
import { nextPollDelay } from '../lib/history-pages';
import type { UiMessage } from '../types';

/**
 * A reply still 'streaming' on the server (a refresh mid-reply, another tab) is followed until it settles: soon while
 * it grows, less and less often while it does not (its process may have died; the server then reports it stopped
 * after CHAT_STALE_REPLY_MS, which ends this).
 */
export function useFollowStreaming(o: {
  sending: boolean;
  last: UiMessage | undefined;
  cacheKey: string | null;
  reload: (sessionId: string, o: { quiet: boolean }) => Promise<boolean>;
}) {
  const { sending, last, cacheKey, reload } = o;
  const poll = useRef({ delay: 1000, content: '' });
  useEffect(() => {
    if (sending || last?.status !== 'streaming' || !cacheKey) {
      poll.current = { delay: 1000, content: '' };
      return;
    }
    const p = poll.current;
    p.delay = nextPollDelay(p.delay, last.content !== p.content);
    p.content = last.content;
    const t = setTimeout(() => void reload(cacheKey, { quiet: true }), p.delay);
    return () => clearTimeout(t);
  }, [sending, last, cacheKey, reload]);
}
