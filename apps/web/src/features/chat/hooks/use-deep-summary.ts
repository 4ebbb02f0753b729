import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { requestDeepSummary } from '../api/deep-summary';
import { useChatStore } from '../stores/chat-store';

/**
 * 深度总结 of the current deep session: on request, and by itself once the last deep reply is done (issue 14) —
 * once per session, and only while the server still allows one.
 */
export function useDeepSummary(sending: boolean) {
  const { message } = useFeedback();
  const deep = useChatStore((s) => s.deep);
  const cacheKey = useChatStore((s) => s.cacheKey);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const auto = useRef<string | null>(null);

  const summarize = useCallback(async () => {
    const sessionId = useChatStore.getState().cacheKey;
    if (!sessionId || busy) return;
    setBusy(true);
    setOpen(true);
    try {
      const s = await requestDeepSummary(sessionId);
      if (useChatStore.getState().cacheKey !== sessionId) return;
      useChatStore
        .getState()
        .setDeep((d) => (d ? { ...d, summary: s.summary, summary_at: s.summary_at, summaries_left: s.summaries_left } : d));
    } catch (err) {
      message.error(errorMessage(err, '深度总结生成失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  }, [busy, message]);

  useEffect(() => {
    if (!deep || !cacheKey || sending || busy) return;
    if (deep.replies_left > 0 || deep.summary || deep.summaries_left <= 0 || auto.current === cacheKey) return;
    auto.current = cacheKey;
    void summarize();
  }, [deep, cacheKey, sending, busy, summarize]);

  return { busy, open, show: () => setOpen(true), hide: () => setOpen(false), summarize };
}
