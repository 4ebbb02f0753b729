import { describe, expect, it } from 'vitest';
import { createBatchingGuard } from './batching-guard';
import type { Verdict } from './types';

describe('a remote provider checking a stream a sentence at a time', () => {
  const setup = (banned: string) => {
    const seen: string[] = [];
    const released: string[] = [];
    let blocked: Verdict | null = null;
    const g = createBatchingGuard(
      async (text) => {
        seen.push(text);
        return text.includes(banned) ? { category: 'illegal', label: 'contraband', provider: 'remote' } : null;
      },
      'answer',
      { release: (t) => released.push(t), block: (v) => (blocked = v) },
      { maxChars: 10, overlap: 4, onError: () => {} },
    );
    return { g, seen, released, blocked: () => blocked };
  };

  it('releases a sentence only after its check passed, and nothing after a refusal', async () => {
    const s = setup('违禁词');
    s.g.push('第一句话。第二句');
    s.g.push('有违禁词。第三句。');
    await s.g.end();
    expect(s.released).toEqual(['第一句话。']);
    expect(s.blocked()).not.toBeNull();
  });

  it('checks a word cut by a piece boundary together with the end of the previous piece', async () => {
    const s = setup('违禁词');
    s.g.push('一二三四五六七八违禁'); // 10 characters without a sentence end: checked on its own
    s.g.push('词九十');
    await s.g.end();
    expect(s.seen[1]).toContain('违禁词');
    expect(s.blocked()).not.toBeNull();
    expect(s.released.join('')).not.toContain('词九十');
  });

  it('checks the unfinished last sentence when the reply ends', async () => {
    const s = setup('违禁词');
    s.g.push('没有句号的结尾');
    expect(s.released).toEqual([]);
    await s.g.end();
    expect(s.released).toEqual(['没有句号的结尾']);
  });
});
