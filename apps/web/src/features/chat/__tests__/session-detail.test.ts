import type { ChatMessage } from '@lingxi/shared';
import { describe, expect, it } from 'vitest';
import { toUiMessages } from '../api/get-session-detail';

const message = (m: Partial<ChatMessage> & Pick<ChatMessage, 'order' | 'role' | 'content'>): ChatMessage => ({
  timestamp: '2026-01-01T00:00:00Z',
  status: 'done',
  safety: { crisis: false },
  model: null,
  tokens: 0,
  tokens_estimated: false,
  ...m,
});

describe('session messages on screen', () => {
  it('strips a finished reply’s disclaimer, keeps the crisis flag and keys each message by its order', () => {
    const shown = toUiMessages([
      message({ order: 1, role: 'user', content: '问' }),
      message({
        order: 2,
        role: 'assistant',
        content: '答\n\n本回答由 X 生成',
        safety: { crisis: true },
        follow_ups: ['再问一句？'],
        vote: 'up',
      }),
    ]);
    expect(shown).toEqual([
      { id: 'o1', order: 1, role: 'user', content: '问', timestamp: '2026-01-01T00:00:00Z', status: 'done', crisis: false },
      {
        id: 'o2',
        order: 2,
        role: 'assistant',
        content: '答',
        timestamp: '2026-01-01T00:00:00Z',
        status: 'done',
        crisis: true,
        followUps: ['再问一句？'],
        vote: 'up',
        model: null,
      },
    ]);
  });

  it('shows a reply still streaming as it is', () => {
    const [reply] = toUiMessages([message({ order: 2, role: 'assistant', content: '答\n\n本回答由 X 生成', status: 'streaming' })]);
    expect(reply?.content).toBe('答\n\n本回答由 X 生成');
  });

  it('marks a reply that used the user’s memory', () => {
    const [reply] = toUiMessages([message({ order: 2, role: 'assistant', content: '答', memory_used: true })]);
    expect(reply?.memoryUsed).toBe(true);
  });
});
