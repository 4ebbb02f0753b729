import { describe, expect, it } from 'vitest';
import { containsPattern, messageGrams, searchGrams, searchTerms, snippet } from './search';

describe('chat search query language', () => {
  it('splits on white space, lower-cases, drops repeats and keeps at most five terms', () => {
    expect(searchTerms('  工作  压力 工作 ')).toEqual(['工作', '压力']);
    expect(searchTerms('Python 学习')).toEqual(['python', '学习']);
    expect(searchTerms('a b c d e f g')).toHaveLength(5);
  });

  it('looks up a one-character term by itself and a longer term by its character pairs', () => {
    expect(searchGrams(['猫'])).toEqual(['猫']);
    expect(searchGrams(['考研计划', '计划'])).toEqual(['考研', '研计', '计划']);
    expect(searchGrams(['😀a'])).toEqual(['😀a']);
  });

  it('indexes a message by its distinct characters and adjacent pairs, lower-cased, none across white space', () => {
    expect(messageGrams('').sort()).toEqual([]);
    expect(messageGrams('工作 Ab\u3000工作😀').sort()).toEqual(['a', 'ab', 'b', '工', '工作', '作', '作😀', '😀'].sort());
    // Every term's grams are among the message's grams when the term occurs in it: what search relies on.
    const text = '最近工作压力很大，想换一份工作。Try TypeScript!';
    const held = new Set(messageGrams(text));
    for (const term of searchTerms('工作压力 typescript 份')) expect(searchGrams([term]).every((g) => held.has(g)), term).toBe(true);
  });

  it('escapes LIKE wildcards in a term', () => {
    expect(containsPattern('100%_好')).toBe('%100\\%\\_好%');
  });
});

describe('search snippets', () => {
  it('shows a window around the first match with every match highlighted', () => {
    const text = '今天'.repeat(20) + '我的工作压力很大，工作总是做不完' + '。'.repeat(60);
    const s = snippet(text, ['工作']);
    expect(s.snippet.startsWith('…')).toBe(true);
    expect(s.snippet.endsWith('…')).toBe(true);
    expect(s.highlights.map(([a, b]) => s.snippet.slice(a, b))).toEqual(['工作', '工作']);
  });

  it('highlights case-insensitively and merges overlapping terms', () => {
    const s = snippet('I love TypeScript a lot', ['typescript', 'script']);
    expect(s.snippet).toBe('I love TypeScript a lot');
    expect(s.highlights).toEqual([[7, 17]]);
  });
});
