import type { ChatFinal, ChatStreamError, ChatStreamFollowUps, ChatStreamMeta } from '@lingxi/shared';
import { config } from '@/config/env';
import { readStoredToken } from '@/lib/auth-storage';
import { createSseParser } from '../lib/sse-parser';

/**
 * POST /chat/chat-streaming read as a stream (spec §7). This is the one call that bypasses the api-client: it needs
 * the response body as a ReadableStream, which the JSON client does not hand out. Base URL and bearer token are the
 * same ones the api-client uses.
 */
/**
 * The reply as the stream ended it: the contract's `final` event (ChatFinal), or — spec §7 allows both — a plain-text
 * final, or one made up on the client when the stream closed without any (`synthesized`, spec §4).
 */
export type StreamFinal = Pick<ChatFinal, 'content'> & Partial<Omit<ChatFinal, 'content'>> & { synthesized?: boolean };

export type StreamErrorKind = 'http' | 'unauthorized' | 'server';

export class StreamError extends Error {
  readonly kind: StreamErrorKind;
  readonly status: number;
  /** The server's own words (JSON message of a 4xx, or the stream's error event). */
  readonly serverMessage: string | null;
  readonly code: string | null;
  constructor(message: string, o: { kind: StreamErrorKind; status?: number; serverMessage?: string | null; code?: string | null }) {
    super(message);
    this.name = 'StreamError';
    this.kind = o.kind;
    this.status = o.status ?? 0;
    this.serverMessage = o.serverMessage ?? null;
    this.code = o.code ?? null;
  }
}

export interface StreamRequest {
  type: string;
  query: string;
  key: string;
  regenerate?: boolean;
}

export async function streamChat(
  body: StreamRequest,
  o: {
    signal: AbortSignal;
    onText: (text: string) => void;
    onMeta?: (m: ChatStreamMeta) => void;
    /** The final event as it arrives; the stream may still carry the follow-up questions after it. */
    onFinal?: (f: StreamFinal) => void;
    onFollowUps?: (f: ChatStreamFollowUps) => void;
  },
): Promise<StreamFinal> {
  const token = readStoredToken();
  const res = await fetch(`${config.apiBaseUrl}/chat/chat-streaming`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: o.signal,
  });
  if (!res.ok || !res.body) {
    const body = await res.json().then(
      (b: { message?: string; detail?: string; data?: { reason?: string } | null }) => b,
      () => null,
    );
    const detail = body?.detail ?? body?.message ?? null;
    const kind = res.status === 401 || res.status === 403 ? 'unauthorized' : 'http';
    // A 428 names what must be acknowledged first (the AI notice or the break reminder) in data.reason.
    throw new StreamError(`HTTP ${res.status}`, { kind, status: res.status, serverMessage: detail, code: body?.data?.reason ?? null });
  }

  let text = '';
  let final: StreamFinal | null = null;
  let failure: Partial<ChatStreamError> | null = null;
  const parser = createSseParser((e) => {
    if (e.event === 'message') {
      text += e.data;
      o.onText(text);
    } else if (e.event === 'final') {
      try {
        final = JSON.parse(e.data) as ChatFinal;
      } catch {
        // Spec §7: the final event may also be plain text.
        final = { content: e.data };
      }
      o.onFinal?.(final);
    } else if (e.event === 'follow_ups') {
      try {
        o.onFollowUps?.(JSON.parse(e.data) as ChatStreamFollowUps);
      } catch {
        /* malformed chips are simply not offered */
      }
    } else if (e.event === 'meta') {
      try {
        o.onMeta?.(JSON.parse(e.data) as ChatStreamMeta);
      } catch {
        /* a malformed meta event only loses the early crisis flag; the final event carries it again */
      }
    } else if (e.event === 'error') {
      try {
        failure = JSON.parse(e.data) as ChatStreamError;
      } catch {
        failure = { message: e.data };
      }
    }
  });

  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.push(decoder.decode(value, { stream: true }));
  }
  parser.push(decoder.decode());
  parser.end();

  const f = failure as Partial<ChatStreamError> | null;
  if (f)
    throw new StreamError(f.message ?? '发送消息失败', {
      kind: 'server',
      status: res.status,
      serverMessage: f.message ?? null,
      code: f.code ?? null,
    });
  return final ?? { content: '', synthesized: true };
}
