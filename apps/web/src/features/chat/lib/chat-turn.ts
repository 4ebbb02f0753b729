import type { ChatStreamFollowUps } from '@lingxi/shared';
import { CHAT_TIMEOUT_MS } from '@lingxi/shared/rules';
import { StreamError, streamChat, type StreamFinal, type StreamRequest } from '../api/stream-chat';
import { useChatStore } from '../stores/chat-store';
import { createFrameBuffer } from './frame-buffer';
import { stripDisclaimer } from './strip-disclaimer';

export const SEND_FAILED = '发送消息失败，请稍后重试';
export const THINK_TIMEOUT = '系统思考超时，请稍后重试';

export interface Turn {
  /** Settles when the reply is done (its final event), stopped or failed; never rejects. */
  done: Promise<void>;
  /** The stop button and leaving the page: the partial reply stays, marked 'aborted', with no error. */
  stop: () => void;
}

interface TurnHandlers {
  /** 401/403 from the stream: the session is gone (spec §8). */
  onUnauthorized: () => void;
  /** A failure the user is told about: a toast, and the detail under the error banner (null: none). */
  onFailure: (toast: string, detail: string | null) => void;
  /** The server wants the AI notice or the break reminder acknowledged first (428): nothing was sent or stored. */
  onGate?: (reason: 'disclosure' | 'break') => void;
}

/** Refusals whose own words are the message: moderation (422) and minor mode (451). */
const WORDED = new Set([422, 451]);

/**
 * Spec §4 'Sending a message': streams one reply into the last message of the chat store (the assistant bubble the
 * caller put there), gives up after CHAT_TIMEOUT_MS, and words every way it can end.
 */
export function startTurn(req: StreamRequest, handlers: TurnHandlers): Turn {
  const ctl = new AbortController();
  let stopReason: 'stop' | 'timeout' | null = null;
  const timer = setTimeout(() => {
    stopReason = 'timeout';
    ctl.abort();
  }, CHAT_TIMEOUT_MS);
  const store = () => useChatStore.getState();
  const frames = createFrameBuffer((text) => store().updateLast({ content: text, status: 'streaming' }));
  const fail = (text: string, toast: string, detail: string | null = null) => {
    store().setError(text);
    store().updateLast({ status: 'error' });
    handlers.onFailure(toast, detail);
  };

  // The reply is settled (and sending unlocked) at the final event; the stream stays open for the follow-up chips.
  let settle = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  let applied = false;
  const applyFinal = (final: StreamFinal) => {
    if (applied) return;
    applied = true;
    clearTimeout(timer);
    frames.flush();
    const last = store().messages.at(-1);
    // A synthesised final (spec §4) has empty content: keep what streamed in.
    const content = stripDisclaimer(final.content || last?.content || '');
    const status = final.status === 'blocked' ? 'blocked' : 'done';
    store().updateLast({
      content,
      status,
      crisis: final.safety?.crisis ?? last?.crisis ?? false,
      followUps: final.follow_ups ?? [],
      vote: null,
      model: final.model_info?.model ?? null,
      memoryUsed: final.memory?.used ?? false,
      remembered: final.memory?.saved ?? null,
    });
    // A completed deep reply was counted in the server's final write; the count on screen follows at once.
    const deep = final.deep;
    if (deep) store().setDeep((d) => (d ? { ...d, replies_left: deep.remaining } : d));
    settle();
  };
  // Chips arrive after the reply settled, maybe after the list was read again: they go to the reply of their order.
  const showFollowUps = (f: ChatStreamFollowUps) => {
    if (store().cacheKey !== req.key) return;
    store().setMessages((prev) => prev.map((m) => (m.role === 'assistant' && m.order === f.order ? { ...m, followUps: f.follow_ups } : m)));
  };

  void (async () => {
    try {
      const final = await streamChat(req, {
        signal: ctl.signal,
        onText: frames.push,
        onMeta: (m) => store().updateLast({ crisis: m.safety.crisis }),
        onFinal: applyFinal,
        onFollowUps: showFollowUps,
      });
      applyFinal(final);
    } catch (err) {
      // The stream broke after the reply was complete (the page left, the network dropped): only the chips are lost.
      if (applied) return;
      frames.flush();
      const reason = stopReason as 'stop' | 'timeout' | null;
      if (reason === 'stop') {
        store().updateLast({ status: 'aborted' });
      } else if (reason === 'timeout' || (err instanceof StreamError && err.code === 'timeout')) {
        fail(THINK_TIMEOUT, '系统思考超时');
      } else if (err instanceof StreamError && err.kind === 'unauthorized') {
        store().updateLast({ status: 'error' });
        handlers.onUnauthorized();
      } else if (
        err instanceof StreamError &&
        err.status === 428 &&
        (err.code === 'disclosure' || err.code === 'break') &&
        handlers.onGate
      ) {
        store().updateLast({ status: 'error' });
        handlers.onGate(err.code);
      } else if (err instanceof StreamError && err.kind === 'http' && WORDED.has(err.status) && err.serverMessage) {
        fail(err.serverMessage, err.serverMessage);
      } else if (err instanceof StreamError && err.kind === 'http') {
        fail(SEND_FAILED, '发送消息失败', `${err.message}${err.serverMessage ? `：${err.serverMessage}` : ''}`);
      } else {
        fail(SEND_FAILED, '发送消息失败', err instanceof StreamError ? err.serverMessage : null);
      }
    } finally {
      clearTimeout(timer);
      frames.cancel();
      settle();
    }
  })();

  return {
    done: settled,
    stop: () => {
      stopReason = 'stop';
      ctl.abort();
    },
  };
}
