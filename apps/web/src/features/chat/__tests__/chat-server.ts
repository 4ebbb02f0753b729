import { vi } from 'vitest';

/**
 * The chat page's server for its component tests: the persona, the session list, sessions made, renamed and deleted,
 * a session's messages and a stream, all answered through a stubbed fetch.
 */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const sse = (blocks: string[]) =>
  new Response(
    new ReadableStream({
      start(c) {
        const enc = new TextEncoder();
        blocks.forEach((b) => c.enqueue(enc.encode(b)));
        c.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

export const persona = {
  key: 'love',
  title: '姻缘情感',
  greeting: '你好，我是姻缘情感顾问。',
  suggested_questions: ['最近和伴侣总是为小事争吵，该怎么沟通？', '问题二', '问题三'],
  disclaimer: '仅供参考',
};

export interface Server {
  sessions: { session_id: string; session_name: string | null }[];
  listFails?: boolean;
  /** The session list answers only once this settles (a slow network at start). */
  listGate?: Promise<void>;
  stream: (init?: RequestInit) => Response;
  detail: unknown[];
}

export function serve(s: Server) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url.includes('/chat/persona/nosuchtype')) return json(404, { success: false, message: '服务类型不存在', data: null });
    if (url.includes('/chat/persona/')) return json(200, { success: true, message: '成功', data: persona });
    if (url.includes('/cache/session-list') && s.listGate) await s.listGate;
    if (url.includes('/cache/session-list'))
      return s.listFails
        ? json(500, { success: false, message: '服务器内部错误', data: null })
        : json(200, { success: true, message: '成功', data: s.sessions });
    if (url.includes('/chat/chat-new')) {
      const key = JSON.parse(String(init?.body)).key as string;
      s.sessions = [{ session_id: key, session_name: null }, ...s.sessions];
      return json(200, { success: true, message: '已创建新对话', session_id: key, data: { session_id: key, session_name: null } });
    }
    if (url.includes('/chat/chat-streaming') && method === 'POST') return s.stream(init);
    if (url.includes('/cache/session-name') && method === 'PATCH') {
      const { session_id, session_name } = JSON.parse(String(init?.body)) as { session_id: string; session_name: string };
      s.sessions = s.sessions.map((x) => (x.session_id === session_id ? { ...x, session_name } : x));
      return json(200, { success: true, message: '重命名成功', data: null });
    }
    if (url.includes('/cache/delete-history') && method === 'DELETE') {
      const id = new URL(url, 'http://x').searchParams.get('session_id');
      s.sessions = s.sessions.filter((x) => x.session_id !== id);
      return json(200, { success: true, message: '删除成功', data: null });
    }
    if (url.includes('/cache/session-detail'))
      return json(200, { success: true, message: '成功', data: { messages: s.detail, has_more: false } });
    return json(404, { success: false, message: '资源不存在', data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
