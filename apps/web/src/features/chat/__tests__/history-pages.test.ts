import { describe, expect, it } from 'vitest';
import { nextPollDelay, withNewestPage, withOlderPage } from '../lib/history-pages';
import type { UiMessage } from '../types';

const m = (order: number, content = `消息${order}`, status: UiMessage['status'] = 'done'): UiMessage => ({
  id: `o${order}`,
  order,
  role: order % 2 ? 'user' : 'assistant',
  content,
  timestamp: '2026-01-01T00:00:00Z',
  status,
  crisis: false,
});

describe('history pages', () => {
  it('keeps the older messages paged back to when the newest page is read again', () => {
    const shown = [m(1), m(2), m(3), m(4), m(5, '问'), m(6, '', 'pending')];
    const fresh = [m(4), m(5, '问'), m(6, '完整的回答')];
    expect(withNewestPage(shown, fresh).map((x) => x.content)).toEqual(['消息1', '消息2', '消息3', '消息4', '问', '完整的回答']);
    expect(withNewestPage([], fresh)).toBe(fresh);
  });

  it('puts an older page in front without repeating what is shown', () => {
    expect(withOlderPage([m(3), m(4)], [m(1), m(2), m(3)]).map((x) => x.order)).toEqual([1, 2, 3, 4]);
  });

  it('asks again soon while a reply grows and ever less often while it does not, up to 8 s', () => {
    const delays = [1000];
    for (let i = 0; i < 5; i++) delays.push(nextPollDelay(delays.at(-1) as number, false));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(nextPollDelay(8000, true)).toBe(1000);
  });
});
