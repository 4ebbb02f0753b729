import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTurn } from '../lib/chat-turn';
import { useChatStore } from '../stores/chat-store';
import type { UiMessage } from '../types';

const enc = (s: string) => new TextEncoder().encode(s);
const block = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const pending: UiMessage = {
  id: 'r',
  order: 2,
  role: 'assistant',
  content: '',
  timestamp: '2026-11-25T00:00:00Z',
  status: 'pending',
  crisis: false,
};
const final = {
  content: '先从每天十分钟开始。',
  role: 'assistant',
  status: 'done',
  order: 2,
  session_id: 's1',
  safety: { crisis: false },
  model_info: { provider: 'offline', model: 'offline-demo' },
};

describe('a reply whose follow-up questions come after its final event', () => {
  let push: (s: string) => void = () => {};
  let close: () => void = () => {};
  beforeEach(() => {
    useChatStore.getState().setMessages([pending]);
    useChatStore.getState().setCacheKey('s1');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            new ReadableStream({
              start(c) {
                push = (s) => c.enqueue(enc(s));
                close = () => c.close();
              },
            }),
            { status: 200, headers: { 'content-type': 'text/event-stream' } },
          ),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is settled at the final event, while the stream is still open, and shows the chips when they arrive', async () => {
    const turn = startTurn({ type: 'learning', query: '怎么坚持学习', key: 's1' }, { onUnauthorized: vi.fn(), onFailure: vi.fn() });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    push(`data: 先从每天\n\n${block('final', final)}`);
    let settled = false;
    void turn.done.then(() => (settled = true));
    await vi.waitFor(() => expect(settled).toBe(true));
    expect(useChatStore.getState().messages.at(-1)).toMatchObject({ status: 'done', content: '先从每天十分钟开始。', followUps: [] });

    push(block('follow_ups', { order: 2, follow_ups: ['怎么安排时间？', '遇到瓶颈怎么办？'] }));
    close();
    await vi.waitFor(() => expect(useChatStore.getState().messages.at(-1)?.followUps).toEqual(['怎么安排时间？', '遇到瓶颈怎么办？']));
  });

  it('keeps the settled reply when the stream breaks while waiting for the chips', async () => {
    const onFailure = vi.fn();
    const turn = startTurn({ type: 'learning', query: '怎么坚持学习', key: 's1' }, { onUnauthorized: vi.fn(), onFailure });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    push(block('final', final));
    await turn.done;
    turn.stop();
    await new Promise((r) => setTimeout(r, 20));
    expect(useChatStore.getState().messages.at(-1)).toMatchObject({ status: 'done', content: '先从每天十分钟开始。' });
    expect(onFailure).not.toHaveBeenCalled();
  });
});
