import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ChatPage, type DeepOfferSlotProps } from '../components/chat-page';
import { useChatStore } from '../stores/chat-store';
import { json, sse } from './chat-server';

const ok = (data: unknown) => json(200, { success: true, message: '成功', data });
const persona = {
  key: 'bazi',
  title: '八字命理',
  greeting: '你好，我是八字命理顾问。',
  suggested_questions: ['a', 'b', 'c'],
  disclaimer: '仅供参考',
};
const deep = (left: number, summary: string | null = null) => ({
  order_id: 'o1',
  title: '八字深度解读',
  replies_total: 20,
  replies_left: left,
  summary,
  summary_at: summary ? '2026-11-22T02:00:00.000Z' : null,
  summaries_left: summary ? 2 : 3,
});

/** A free session f1 and a deep session d1 with `left` replies; the stream answers one reply that is counted. */
function serve(o: { left: number; sessions?: string[] }) {
  const state = { left: o.left, summary: null as string | null, summaries: 0 };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/chat/persona/')) return ok(persona);
    if (url.includes('/cache/session-list'))
      return ok([
        { session_id: 'd1', session_name: '八字深度解读', service_type: 'bazi', updated_at: '', deep_left: state.left },
        { session_id: 'f1', session_name: '免费对话', service_type: 'bazi', updated_at: '', deep_left: null },
      ]);
    if (url.includes('/cache/session-detail')) {
      const id = new URL(url, 'http://x').searchParams.get('session_id');
      return ok({
        session_id: id,
        session_name: null,
        service_type: 'bazi',
        messages: [],
        has_more: false,
        deep: id === 'd1' ? deep(state.left, state.summary) : null,
      });
    }
    if (url.includes('/chat/chat-streaming') && init?.method === 'POST') {
      const before = state.left;
      state.left -= 1;
      return sse([
        `event: meta\ndata: {"session_id":"d1","order":2,"safety":{"crisis":false},"model_info":{"provider":"openai","model":"m"},"deep":{"remaining":${before}}}\n\n`,
        'data: 深度分析。\n\n',
        `event: final\ndata: {"content":"深度分析。","role":"assistant","model_info":{"provider":"openai","model":"m"},"status":"done","order":2,"session_id":"d1","safety":{"crisis":false},"deep":{"remaining":${state.left}}}\n\n`,
      ]);
    }
    if (url.includes('/chat/deep-summary') && init?.method === 'POST') {
      state.summaries += 1;
      state.summary = '## 你关心的问题\n事业方向';
      return ok({ summary: state.summary, summary_at: '2026-11-22T02:00:00.000Z', summaries_left: 3 - state.summaries });
    }
    return json(404, { success: false, message: '资源不存在', data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, state };
}

function Offer({ type, onPaid, again }: DeepOfferSlotProps) {
  return (
    <button type="button" onClick={() => onPaid('d1', { replies_total: 20 } as never)}>
      {again ? `再次购买 ${type}` : `购买 ${type}`}
    </button>
  );
}

const renderChat = () =>
  renderRoutes([{ path: '/chat/:type', element: <ChatPage userId="u1" onUnauthorized={vi.fn()} deepOffer={Offer} /> }], '/chat/bazi');

async function send(text: string) {
  const box = (await screen.findByLabelText('输入您的问题')) as HTMLTextAreaElement;
  await waitFor(() => expect(box.disabled).toBe(false));
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

beforeEach(() => useChatStore.setState({ cacheKey: null, messages: [], loading: false, error: null, deep: null }));
afterEach(() => vi.unstubAllGlobals());

describe('a deep session in the chat', () => {
  it('shows the offer on a free session; once paid opens the deep session with its count, which goes down with a completed reply', async () => {
    useChatStore.setState({ cacheKey: 'f1' });
    serve({ left: 20 });
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: '购买 bazi' }));
    expect(await screen.findByText('深度服务已开启，共 20 次深度回复')).toBeTruthy();
    expect((await screen.findByTestId('deep-remaining')).textContent).toBe('剩余 20/20 次深度回复');
    expect(screen.getByTestId('deep-welcome').textContent).toContain('「八字深度解读」已开启');
    expect(screen.queryByRole('button', { name: '购买 bazi' })).toBeNull();
    await send('请深入分析');
    await waitFor(() => expect(screen.getByTestId('deep-remaining').textContent).toBe('剩余 19/20 次深度回复'));
  });

  it('locks the input after the last deep reply, writes the 深度总结 by itself, and offers to buy again', async () => {
    useChatStore.setState({ cacheKey: 'd1' });
    const { fetchMock } = serve({ left: 1 });
    renderChat();
    await screen.findByText('剩余 1/20 次深度回复');
    await send('最后一个问题');
    await waitFor(() => expect(screen.getByTestId('deep-remaining').textContent).toBe('深度回复已用完'));
    const box = screen.getByLabelText('输入您的问题') as HTMLTextAreaElement;
    expect(box.disabled).toBe(true);
    expect(box.placeholder).toBe('本次深度回复已用完，可查看深度总结或再次购买');
    expect(await screen.findByTestId('deep-summary')).toBeTruthy();
    expect(screen.getByText('事业方向')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/chat/deep-summary'))).toHaveLength(1);
    expect(screen.getByRole('button', { name: '再次购买 bazi' })).toBeTruthy();
  });
});
