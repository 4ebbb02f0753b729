import { describe, expect, it } from 'vitest';
import { toUiMessages } from '../api/get-session-detail';
import { toSessionItems } from '../api/get-sessions';

describe('chat response shapes', () => {
  it('reads the session list bare or in the envelope', () => {
    const item = { session_id: 'a', session_name: '名字' };
    expect(toSessionItems([item])).toEqual([item]);
    expect(toSessionItems({ success: true, data: [item, { session_id: 'b' }] })).toEqual([item, { session_id: 'b', session_name: null }]);
    expect(toSessionItems({ success: true, data: null })).toEqual([]);
  });

  it('reads messages at the top level or under data and strips a finished reply’s disclaimer', () => {
    const messages = [
      { order: 1, role: 'user', content: '问', timestamp: 't1', status: 'done' },
      { order: 2, role: 'assistant', content: '答\n\n本回答由 X 生成', timestamp: 't2', status: 'done', safety: { crisis: true } },
    ];
    const a = toUiMessages({ messages });
    expect(toUiMessages({ data: { messages } })).toEqual(a);
    expect(a[1]).toMatchObject({ role: 'assistant', content: '答', crisis: true, order: 2 });
  });
});
