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
    for (const term of searchTerms('工作压力 typescript 份'))
      expect(
        searchGrams([term]).every((g) => held.has(g)),
        term,
      ).toBe(true);
  });

  it('gives the grams of the by-code-point definition for any text: every white space, emoji, lone surrogates', () => {
    const reference = (text: string) => {
      const c = Array.from(text.toLowerCase());
      const grams = new Set<string>();
      c.forEach((ch, i) => {
        const next = c[i + 1];
        if (!/\s/.test(ch)) grams.add(ch);
        if (next !== undefined && !/\s/.test(ch) && !/\s/.test(next)) grams.add(ch + next);
      });
      return [...grams].sort();
    };
    const spaces = ' \t\n\v\f\r\u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
    const alphabet = [...Array.from(spaces), ...Array.from('工作Ab😀\u200b'), '\ud83d', '\ude00', 'Z'];
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648), seed % n);
    for (let k = 0; k < 300; k++) {
      const text = Array.from({ length: rand(40) }, () => alphabet[rand(alphabet.length)]).join('');
      expect(messageGrams(text).sort(), JSON.stringify(text)).toEqual(reference(text));
    }
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
