import { CHAT_TIMEOUT_MS } from '@lingxi/shared/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFeedback } from '@/lib/feedback';
import { StreamError, streamChat, type StreamRequest } from '../api/stream-chat';
import { createFrameBuffer } from '../lib/frame-buffer';
import { stripDisclaimer } from '../lib/strip-disclaimer';
import { newUuid } from '../lib/uuid';
import { useChatStore } from '../stores/chat-store';
import type { UiMessage } from '../types';

export const SEND_FAILED = '发送消息失败，请稍后重试';
export const THINK_TIMEOUT = '系统思考超时，请稍后重试';

interface Options {
  type: string;
  sessionId: string | null;
  /** 401/403 from the stream: the session is gone (spec §8). */
  onUnauthorized: () => void;
  /** The stream ended: reload the session from the server (spec §4). */
  onSettled: (sessionId: string) => void;
}

/** Spec §4 'Sending a message', plus stop (keeps the partial reply) and regenerate. */
export function useSendMessage({ type, sessionId, onUnauthorized, onSettled }: Options) {
  const { message } = useFeedback();
  const [sending, setSending] = useState(false);
  const [errorDetail, setErrorDetail] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const stopReason = useRef<'stop' | 'timeout' | null>(null);
  const busy = useRef(false);

  const run = useCallback(
    async (req: StreamRequest) => {
      const store = useChatStore.getState();
      busy.current = true;
      setSending(true);
      setErrorDetail(null);
      store.setError(null);
      const ctl = new AbortController();
      controller.current = ctl;
      stopReason.current = null;
      const timer = setTimeout(() => {
        stopReason.current = 'timeout';
        ctl.abort();
      }, CHAT_TIMEOUT_MS);
      const frames = createFrameBuffer((text) => useChatStore.getState().updateLast({ content: text, status: 'streaming' }));
      const fail = (text: string, toast: string, detail: string | null = null) => {
        useChatStore.getState().setError(text);
        setErrorDetail(detail);
        useChatStore.getState().updateLast({ status: 'error' });
        message.error(toast);
      };
      try {
        const final = await streamChat(req, {
          signal: ctl.signal,
          onText: frames.push,
          onMeta: (m) => useChatStore.getState().updateLast({ crisis: m.safety.crisis }),
        });
        frames.flush();
        const last = useChatStore.getState().messages.at(-1);
        // A synthesised final (spec §4) has empty content: keep what streamed in.
        const content = stripDisclaimer(final.content || last?.content || '');
        useChatStore.getState().updateLast({ content, status: 'done', crisis: final.safety?.crisis ?? last?.crisis ?? false });
      } catch (err) {
        frames.flush();
        if (stopReason.current === 'stop') {
          useChatStore.getState().updateLast({ status: 'aborted' });
        } else if (stopReason.current === 'timeout' || (err instanceof StreamError && err.code === 'timeout')) {
          fail(THINK_TIMEOUT, '系统思考超时');
        } else if (err instanceof StreamError && err.kind === 'unauthorized') {
          useChatStore.getState().updateLast({ status: 'error' });
          onUnauthorized();
        } else if (err instanceof StreamError && err.kind === 'http') {
          fail(SEND_FAILED, '发送消息失败', `${err.message}${err.serverMessage ? `：${err.serverMessage}` : ''}`);
        } else {
          fail(SEND_FAILED, '发送消息失败', err instanceof StreamError ? err.serverMessage : null);
        }
      } finally {
        clearTimeout(timer);
        frames.cancel();
        controller.current = null;
        busy.current = false;
        setSending(false);
        onSettled(req.key);
      }
    },
    [message, onUnauthorized, onSettled],
  );

  /** Returns false when blocked: blank text, a send in progress, or no current session. */
  const send = useCallback(
    (text: string) => {
      const query = text.trim();
      if (!query || busy.current || !sessionId) return false;
      const now = new Date().toISOString();
      useChatStore.getState().setMessages((prev) => {
        const order = (prev.at(-1)?.order ?? 0) + 1;
        const user: UiMessage = { id: newUuid(), order, role: 'user', content: query, timestamp: now, status: 'done', crisis: false };
        const pending: UiMessage = {
          id: newUuid(),
          order: order + 1,
          role: 'assistant',
          content: '',
          timestamp: now,
          status: 'pending',
          crisis: false,
        };
        return [...prev, user, pending];
      });
      void run({ type, query, key: sessionId });
      return true;
    },
    [run, sessionId, type],
  );

  const regenerate = useCallback(() => {
    const last = useChatStore.getState().messages.at(-1);
    if (busy.current || !sessionId || last?.role !== 'assistant') return;
    useChatStore.getState().updateLast({ content: '', status: 'pending', crisis: false, timestamp: new Date().toISOString() });
    void run({ type, query: '', key: sessionId, regenerate: true });
  }, [run, sessionId, type]);

  const stop = useCallback(() => {
    if (!controller.current) return;
    stopReason.current = 'stop';
    controller.current.abort();
  }, []);

  // Leaving the page (route change, refresh, tab closed) stops the reply like the stop button: no error, and the
  // server keeps the partial text as 'aborted'.
  useEffect(() => {
    const leave = () => {
      if (!controller.current) return;
      stopReason.current = 'stop';
      controller.current.abort();
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  return { sending, errorDetail, send, stop, regenerate };
}
