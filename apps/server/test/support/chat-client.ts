import { randomUUID } from 'node:crypto';
import { parseSseBlock } from './sse';

/** A signed-in user's chat calls over real HTTP, against any instance's base URL. */
export function chatClient(token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return {
    async newChat(base: string, type = 'general'): Promise<string> {
      const res = await fetch(`${base}/api/chat/chat-new`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ type, query: '', key: randomUUID() }),
      });
      return ((await res.json()) as { session_id: string }).session_id;
    },
    /** Resolves as soon as the answer's headers arrive: for a 200 the turn has started and its rows are written. */
    send(base: string, key: string, query: string, o: { regenerate?: boolean; signal?: AbortSignal } = {}) {
      return fetch(`${base}/api/chat/chat-streaming`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream' },
        body: JSON.stringify({ type: 'general', query, key, regenerate: o.regenerate }),
        signal: o.signal,
      });
    },
    async detail(base: string, key: string, q = '') {
      const res = await fetch(`${base}/api/cache/session-detail?session_id=${key}${q}`, { headers });
      return {
        status: res.status,
        body: (await res.json()) as Record<string, unknown> & {
          data: { messages: { order: number; role: string; content: string; status: string }[]; has_more: boolean };
        },
      };
    },
    async remove(base: string, key: string) {
      return fetch(`${base}/api/cache/delete-history?session_id=${key}`, {
        method: 'DELETE',
        headers: { authorization: headers.authorization },
      });
    },
  };
}

/** The text and named events of a finished SSE answer. */
export async function readAll(res: Response) {
  const raw = await res.text();
  let text = '';
  const events: { event: string; data: string }[] = [];
  for (const block of raw.split('\n\n')) {
    const e = parseSseBlock(block);
    if (!e) continue;
    if (e.event === 'message') text += e.data;
    else events.push(e);
  }
  return { text, events, final: events.find((e) => e.event === 'final'), error: events.find((e) => e.event === 'error') };
}
