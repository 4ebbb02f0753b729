import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ChatPage } from '../components/chat-page';
import { useChatStore } from '../stores/chat-store';
import { messagesCache } from '../stores/messages-cache';
import { json, persona, serve, sse, type Server } from './chat-server';

const renderChat = (onUnauthorized = vi.fn()) =>
  renderRoutes([{ path: '/chat/:type', element: <ChatPage userId="u1" onUnauthorized={onUnauthorized} /> }], '/chat/love');

/** A stream that never sends anything and fails only when its request is aborted. */
const silentStream = (init?: RequestInit) =>
  new Response(
    new ReadableStream({
      start(c) {
        init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

/** The header's 菜单 once the chat has started (it stays disabled while the chat loads). */
async function readyMenu() {
  const menu = (await screen.findByRole('button', { name: '菜单' })) as HTMLButtonElement;
  await waitFor(() => expect(menu.disabled).toBe(false));
  return menu;
}

async function typeAndSend(text: string) {
  const box = (await screen.findByLabelText('输入您的问题')) as HTMLTextAreaElement;
  await waitFor(() => expect(box.disabled).toBe(false));
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

beforeEach(() => {
  localStorage.clear();
  useChatStore.setState({ cacheKey: null, messages: [], loading: false, error: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('chat page', () => {
  it('starts a new chat when there is no history, sends a suggested question and renders the labelled streamed reply', async () => {
    const server: Server = {
      sessions: [],
      detail: [],
      stream: () =>
        sse([
          'event: meta\ndata: {"session_id":"x","order":2,"safety":{"crisis":false},"model_info":{"provider":"openai","model":"m"}}\n\n',
          'data: 先**倾听**\ndata: 对方\n\n',
          'data: 的感受。\n\n',
          'event: final\ndata: {"content":"先**倾听**\\n对方的感受。\\n\\n本回答由 m 生成","role":"assistant","model_info":{"provider":"openai","model":"m"},"safety":{"crisis":false},"follow_ups":["怎么开口比较好？"]}\n\n',
        ]),
    };
    const fetchMock = serve(server);
    renderChat();
    expect(await screen.findByText('你好，我是姻缘情感顾问。')).toBeTruthy();
    // Opening a persona makes its first chat without the user doing anything: no toast for that.
    expect(screen.queryByText('已创建新对话')).toBeNull();
    await waitFor(() => expect(document.title).toContain('姻缘情感'));

    server.detail = [
      {
        order: 1,
        role: 'user',
        content: persona.suggested_questions[0],
        timestamp: '2026-01-01T00:00:00Z',
        status: 'done',
        safety: { crisis: false },
      },
      {
        order: 2,
        role: 'assistant',
        content: '先**倾听**\n对方的感受。\n\n本回答由 m 生成',
        timestamp: '2026-01-01T00:00:01Z',
        status: 'done',
        safety: { crisis: false },
        follow_ups: ['怎么开口比较好？'],
      },
    ];
    fireEvent.click(screen.getByRole('button', { name: persona.suggested_questions[0] }));
    expect(await screen.findByText('倾听')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('message-assistant').getAttribute('data-status')).toBe('done'));
    expect(screen.getByText('AI 生成')).toBeTruthy();
    expect(screen.getByTestId('message-assistant').textContent).not.toContain('本回答由');
    const body = JSON.parse(String(fetchMock.mock.calls.find((c) => String(c[0]).includes('chat-streaming'))![1]!.body));
    expect(body).toMatchObject({ type: 'love', query: persona.suggested_questions[0] });
    // The follow-up chip came with the final event; tapping it sends it as the next question.
    fireEvent.click(await screen.findByRole('button', { name: '怎么开口比较好？' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter((c) => String(c[0]).includes('chat-streaming'))).toHaveLength(2));
    const second = JSON.parse(String(fetchMock.mock.calls.filter((c) => String(c[0]).includes('chat-streaming'))[1]?.[1]?.body));
    expect(second).toMatchObject({ query: '怎么开口比较好？' });
  });

  it('opens a session made elsewhere by id and asks its first question there (a chart’s "让AI解读", issue #15)', async () => {
    // The cached list does not know the new session yet; it must be opened by id all the same, not the list's first.
    const server: Server = { sessions: [{ session_id: 'older', session_name: '旧对话' }], detail: [], stream: silentStream };
    const fetchMock = serve(server);
    renderRoutes(
      [
        {
          path: '/chat/:type',
          element: <ChatPage userId="u1" onUnauthorized={vi.fn()} openSession="fresh" firstQuestion="请帮我解读这个命盘" />,
        },
      ],
      '/chat/bazi',
    );
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('chat-streaming'))).toBe(true));
    const body = JSON.parse(String(fetchMock.mock.calls.find((c) => String(c[0]).includes('chat-streaming'))?.[1]?.body));
    expect(body).toMatchObject({ type: 'bazi', key: 'fresh', query: '请帮我解读这个命盘' });
    expect(useChatStore.getState().cacheKey).toBe('fresh');
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('chat-new'))).toBe(false);
  });

  it('warns and creates a new chat when the history fails to load', async () => {
    serve({ sessions: [], listFails: true, detail: [], stream: () => sse([]) });
    renderChat();
    expect(await screen.findByText('加载历史记录失败，已创建新对话')).toBeTruthy();
    await waitFor(() => expect(useChatStore.getState().cacheKey).not.toBeNull());
  });

  it('shows the crisis card with 12356 and 110/120 for a flagged reply', async () => {
    serve({
      sessions: [{ session_id: 's1', session_name: '旧对话' }],
      detail: [
        { order: 1, role: 'user', content: '不想活了', timestamp: 't', status: 'done', safety: { crisis: true } },
        { order: 2, role: 'assistant', content: '我很担心你。', timestamp: 't', status: 'done', safety: { crisis: true } },
      ],
      stream: () => sse([]),
    });
    renderChat();
    expect(await screen.findByText('我很担心你。')).toBeTruthy();
    expect(screen.getByText('12356')).toBeTruthy();
    expect(screen.getByText('110')).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
  });

  it('does not carry what was opened under a reply into another session whose reply has the same order', async () => {
    function Opener({ sessionId }: { sessionId: string }) {
      const [open, setOpen] = useState(false);
      return <button onClick={() => setOpen(true)}>{open ? `已打开 ${sessionId}` : '通知紧急联系人'}</button>;
    }
    const safety = { Guard: () => null, ReportAction: () => null, CrisisAction: Opener };
    const crisisTurn = (answer: string) => [
      { order: 1, role: 'user', content: '不想活了', timestamp: 't', status: 'done', safety: { crisis: true } },
      { order: 2, role: 'assistant', content: answer, timestamp: 't', status: 'done', safety: { crisis: true } },
    ];
    const server: Server = {
      sessions: [
        { session_id: 's1', session_name: '旧对话' },
        { session_id: 's2', session_name: '另一个' },
      ],
      detail: crisisTurn('我很担心你。'),
      stream: () => sse([]),
    };
    serve(server);
    renderRoutes([{ path: '/chat/:type', element: <ChatPage userId="u1" onUnauthorized={vi.fn()} safety={safety} /> }], '/chat/love');
    expect(await screen.findByText('我很担心你。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '通知紧急联系人' }));
    expect(screen.getByRole('button', { name: '已打开 s1' })).toBeTruthy();
    server.detail = crisisTurn('你现在安全吗？');
    // Seen before on this device: its cached messages are painted in the same render that switches the session.
    messagesCache.put('u1', 's2', [
      { id: 'o1', order: 1, role: 'user', content: '不想活了', timestamp: 't', status: 'done', crisis: true },
      { id: 'o2', order: 2, role: 'assistant', content: '你现在安全吗？', timestamp: 't', status: 'done', crisis: true },
    ]);
    fireEvent.click(await readyMenu());
    fireEvent.click(await screen.findByText('另一个'));
    expect(await screen.findByText('你现在安全吗？')).toBeTruthy();
    expect(screen.getByRole('button', { name: '通知紧急联系人' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /已打开/ })).toBeNull();
  });

  it('shows the send-failure texts when the stream answers an error status', async () => {
    serve({
      sessions: [{ session_id: 's1', session_name: null }],
      detail: [],
      stream: () => json(500, { success: false, message: '服务器内部错误', data: null }),
    });
    renderChat();
    const box = (await screen.findByLabelText('输入您的问题')) as HTMLTextAreaElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.change(box, { target: { value: '你好' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('发送消息失败，请稍后重试')).toBeTruthy();
    // The notification with the title and the status renders on its own schedule, after the reply's text.
    expect(await screen.findByText('发送消息失败')).toBeTruthy();
    expect(await screen.findByText('HTTP 500：服务器内部错误')).toBeTruthy();
  });

  it('ends sending with the thinking-timeout texts after 300000 ms', async () => {
    // Fake clocks that still move with real time, so the page's own waits keep working; we jump the 5 minutes.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      serve({ sessions: [{ session_id: 's1', session_name: null }], detail: [], stream: silentStream });
      renderChat();
      await typeAndSend('你好');
      await screen.findByText('AI正在思考中...', { selector: '.chat-typing' });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(299_000);
      });
      expect(screen.queryByText('系统思考超时，请稍后重试')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
      });
      expect(await screen.findByText('系统思考超时，请稍后重试')).toBeTruthy();
      expect(await screen.findByText('系统思考超时')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands a 401 from the stream to the sign-out path', async () => {
    const onUnauthorized = vi.fn();
    serve({
      sessions: [{ session_id: 's1', session_name: null }],
      detail: [],
      stream: () => json(401, { success: false, message: '未登录或登录已过期，请重新登录', data: null }),
    });
    renderChat(onUnauthorized);
    await typeAndSend('你好');
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('发送消息失败')).toBeNull();
  });

  it('lists a renamed session under its new name, and after deleting the open one opens the next', async () => {
    serve({
      sessions: [
        { session_id: 's1', session_name: '旧对话' },
        { session_id: 's2', session_name: '另一个' },
      ],
      detail: [{ order: 1, role: 'user', content: '第一句', timestamp: 't', status: 'done', safety: { crisis: false } }],
      stream: () => sse([]),
    });
    renderChat();
    expect(await screen.findByText('第一句')).toBeTruthy();
    fireEvent.click(await readyMenu());
    fireEvent.click(await screen.findByRole('button', { name: '重命名 旧对话' }));
    const name = (await screen.findByLabelText('会话名称')) as HTMLInputElement;
    expect(name.value).toBe('旧对话');
    fireEvent.change(name, { target: { value: '新名字' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('重命名成功')).toBeTruthy();
    expect(await screen.findByText('新名字')).toBeTruthy();
    expect(screen.queryByText('旧对话')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '删除 新名字' }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('新名字')).toBeNull());
    expect(screen.getByText('另一个')).toBeTruthy();
    await waitFor(() => expect(useChatStore.getState().cacheKey).toBe('s2'));
    // No dead screen: the next chat is open and the input works.
    const box = (await screen.findByLabelText('输入您的问题')) as HTMLTextAreaElement;
    await waitFor(() => expect(box.disabled).toBe(false));
  });

  it('after deleting the only chat opens a new one, without a 已创建新对话 toast', async () => {
    const fetchMock = serve({ sessions: [{ session_id: 's1', session_name: '唯一的' }], detail: [], stream: () => sse([]) });
    renderChat();
    fireEvent.click(await readyMenu());
    fireEvent.click(await screen.findByRole('button', { name: '删除 唯一的' }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('chat-new'))).toBe(true));
    await waitFor(() => expect(useChatStore.getState().cacheKey).toMatch(/^[0-9a-f-]{36}$/));
    expect(screen.queryByText('已创建新对话')).toBeNull();
  });

  it('keeps 无痕 and the input disabled until the chat has started, so a private chat is never overtaken by it', async () => {
    let release = () => {};
    const fetchMock = serve({ sessions: [], detail: [], stream: () => sse([]), listGate: new Promise<void>((r) => (release = r)) });
    renderChat();
    const privateButton = (await screen.findByRole('button', { name: '开启无痕对话' })) as HTMLButtonElement;
    const box = (await screen.findByLabelText('输入您的问题')) as HTMLTextAreaElement;
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('session-list'))).toBe(true));
    expect(privateButton.disabled).toBe(true);
    expect(box.disabled).toBe(true);
    fireEvent.click(privateButton);
    release();
    await waitFor(() => expect(privateButton.disabled).toBe(false));
    expect(box.disabled).toBe(false);
    // Only the chat the page opened for the user was made; the click while it started asked for nothing.
    const made = fetchMock.mock.calls.filter((c) => String(c[0]).includes('chat-new'));
    expect(made).toHaveLength(1);
    expect(String(made[0]?.[1]?.body)).not.toContain('"private":true');
    fireEvent.click(privateButton);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('chat-new') && String(c[1]?.body).includes('"private":true'))).toBe(
        true,
      ),
    );
    expect(await screen.findByTestId('private-banner')).toBeTruthy();
  });

  it('shows a friendly not-found for an unknown persona and starts no chat for it', async () => {
    const fetchMock = serve({ sessions: [], detail: [], stream: () => sse([]) });
    renderRoutes([{ path: '/chat/:type', element: <ChatPage userId="u1" onUnauthorized={vi.fn()} /> }], '/chat/nosuchtype');
    // the mock answers the persona with 404 for this type
    expect(await screen.findByText('没有找到这个AI助手', { selector: '.ant-result-title' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '返回首页' })).toHaveLength(2);
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('chat-new'))).toBe(false);
    await waitFor(() => expect(document.title).toContain('没有找到这个AI助手'));
  });

  it('lets the next question be drafted while a reply streams; sending waits for the reply', async () => {
    serve({ sessions: [{ session_id: 's1', session_name: null }], detail: [], stream: silentStream });
    renderChat();
    await typeAndSend('第一个问题');
    await screen.findByText('AI正在思考中...', { selector: '.chat-typing' });
    const box = screen.getByLabelText('输入您的问题') as HTMLTextAreaElement;
    expect(box.disabled).toBe(false);
    fireEvent.change(box, { target: { value: '下一个问题' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // Not sent (a reply is still coming), and the draft is kept.
    expect(box.value).toBe('下一个问题');
    expect(screen.getAllByTestId('message-user')).toHaveLength(1);
  });

  it('shows one failed state with 重试 that asks again, and keeps its tag when the server stored the reply as stopped', async () => {
    let calls = 0;
    const server: Server = {
      sessions: [{ session_id: 's1', session_name: null }],
      detail: [],
      stream: () => {
        calls += 1;
        if (calls > 1)
          return sse([
            'data: 好的\n\n',
            'event: final\ndata: {"content":"好的","role":"assistant","model_info":{"provider":"openai","model":"m"},"safety":{"crisis":false}}\n\n',
          ]);
        // The server's view of a reply this tab gave up on: the disconnect stored it as stopped.
        server.detail = [
          { order: 1, role: 'user', content: '你好', timestamp: 't', status: 'done', safety: { crisis: false } },
          { order: 2, role: 'assistant', content: '', timestamp: 't', status: 'aborted', safety: { crisis: false } },
        ];
        return sse(['event: error\ndata: {"code":"timeout","message":"系统思考超时，请稍后重试"}\n\n']);
      },
    };
    const fetchMock = serve(server);
    renderChat();
    await typeAndSend('你好');
    const failed = await screen.findByTestId('reply-failed');
    expect(failed.textContent).toContain('系统思考超时，请稍后重试');
    await waitFor(() => expect(screen.getByTestId('message-assistant').getAttribute('data-status')).toBe('error'));
    // One state: the tag says the same as the notice, and no second error box.
    expect(screen.getByText('回复失败')).toBeTruthy();
    expect(screen.queryByText('已停止生成')).toBeNull();
    expect(document.querySelectorAll('.chat-alert').length).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(calls).toBe(2));
    const again = JSON.parse(String(fetchMock.mock.calls.filter((c) => String(c[0]).includes('chat-streaming'))[1]?.[1]?.body));
    expect(again).toMatchObject({ key: 's1', regenerate: true });
  });
});
