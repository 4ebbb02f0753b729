import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTurn } from '../lib/chat-turn';
import { useChatStore } from '../stores/chat-store';
import type { UiMessage } from '../types';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sse = (blocks: string[]) =>
  new Response(
    new ReadableStream({
      start(c) {
        blocks.forEach((b) => c.enqueue(new TextEncoder().encode(b)));
        c.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

const pending: UiMessage = {
  id: 'r',
  order: 2,
  role: 'assistant',
  content: '',
  timestamp: '2026-11-25T00:00:00Z',
  status: 'pending',
  crisis: false,
};
const req = { type: 'psychology', query: '你好', key: 's1' };

describe('a chat turn refused or stopped by the safety layer', () => {
  beforeEach(() => useChatStore.getState().setMessages([pending]));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the AI notice or the break reminder on a 428, without an error toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(428, { success: false, message: '请先确认：你正在和AI对话', data: { reason: 'disclosure' } })),
    );
    const onGate = vi.fn();
    const onFailure = vi.fn();
    await startTurn(req, { onUnauthorized: vi.fn(), onFailure, onGate }).done;
    expect(onGate).toHaveBeenCalledWith('disclosure');
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('shows the server’s own words for a moderation (422) or minor-mode (451) refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(451, { success: false, message: '未成年人模式下不能使用该服务', data: null })),
    );
    const onFailure = vi.fn();
    await startTurn(req, { onUnauthorized: vi.fn(), onFailure }).done;
    expect(onFailure).toHaveBeenCalledWith('未成年人模式下不能使用该服务', null);
    expect(useChatStore.getState().error).toBe('未成年人模式下不能使用该服务');
  });

  it('keeps a reply blocked mid-stream as the replacement text with status blocked', async () => {
    const final = {
      content: '抱歉，已被系统拦截。',
      role: 'assistant',
      status: 'blocked',
      order: 2,
      session_id: 's1',
      safety: { crisis: false },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sse(['data: 你好，\n\n', `event: final\ndata: ${JSON.stringify(final)}\n\n`])),
    );
    await startTurn(req, { onUnauthorized: vi.fn(), onFailure: vi.fn() }).done;
    expect(useChatStore.getState().messages.at(-1)).toMatchObject({ content: '抱歉，已被系统拦截。', status: 'blocked' });
  });
});
