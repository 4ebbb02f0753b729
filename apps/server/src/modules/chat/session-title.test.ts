import { describe, expect, it } from 'vitest';
import { parseTitle } from './session-title';

describe('a model-made session title', () => {
  it('keeps the first line without quotes, book marks, a 标题: prefix or end punctuation, at most 16 characters', () => {
    expect(parseTitle('\n《学做家常菜》\n解释……')).toBe('学做家常菜');
    expect(parseTitle('标题：“换工作的时机”。')).toBe('换工作的时机');
    expect(parseTitle('一'.repeat(30))).toBe('一'.repeat(16));
    expect(parseTitle('  \n ')).toBeNull();
  });
});
