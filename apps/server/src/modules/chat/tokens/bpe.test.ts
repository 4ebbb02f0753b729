import { Tiktoken } from 'js-tiktoken/lite';
import ranks from 'js-tiktoken/ranks/o200k_base';
import { beforeAll, describe, expect, it } from 'vitest';
import { compactBpe, type TokenCounter } from './bpe';

/** js-tiktoken (the reference port of OpenAI's tiktoken) over the same ranks is the oracle. */
describe('compact o200k token counts', () => {
  let ours: TokenCounter;
  let reference: Tiktoken;
  beforeAll(() => {
    ours = compactBpe(ranks);
    reference = new Tiktoken(ranks);
  });
  // Special-token strings in user text are plain text (neither allowed nor refused).
  const expected = (s: string) => reference.encode(s, [], []).length;

  it.each([
    ['Chinese', '你好，请讲一个故事。今天天气很好，我们去公园散步吧！'],
    ['English with contractions', "I'm sure we'll see they've done it, don't you?"],
    ['mixed scripts', '日本語のテキスト、中文文本。한국어 Ελληνικά русский עברית'],
    ['emoji and ZWJ sequences', '🙂🙃 family 👨‍👩‍👧 flags 🇨🇳🇺🇸 skin 👍🏽'],
    ['code', 'function foo(x) {\n  return x * 2; // double\n}\n\tconst y = [1, 2, 3].map(foo);\n'],
    ['numbers', '1234567890 3.14159 2026-11-24 ¥100.00 +86 138 0013 8000'],
    ['whitespace runs', '   leading\n\n\n\ttabs   and    spaces   \r\n\r\n  trailing   '],
    ['markdown', '## 标题\n\n- **重点**：*斜体* `代码`\n\n| 表 | 格 |\n|---|---|\n| 1 | 2 |\n'],
    ['special-token text counted as text', 'before <|endoftext|> after <|endofprompt|>'],
    ['lone surrogates', 'a\uD800b\uDC00c'],
    ['empty', ''],
  ])('counts %s exactly as tiktoken', (_name, text) => {
    expect(ours.count(text)).toBe(expected(text));
  });

  it('agrees with tiktoken on 300 random strings drawn from many scripts and symbols', () => {
    const alphabet = [
      ...'abcXYZ019 \n\t.,!?-_\'"()[]{}<>/\\@#$%^&*+=~`|;:你好世界中文测试人工智能命理八字，。！？、《》“”…—ぁアカ한글éüñßøΩЖжא🙂👍🏽\u00a0\u3000',
    ];
    let seed = 42;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let n = 0; n < 300; n++) {
      const len = next() % 200;
      let s = '';
      for (let i = 0; i < len; i++) {
        // Runs of one character now and then: repeated bytes exercise the merge order.
        const ch = alphabet[next() % alphabet.length] as string;
        s += next() % 10 === 0 ? ch.repeat(1 + (next() % 12)) : ch;
      }
      expect(ours.count(s), JSON.stringify(s)).toBe(expected(s));
    }
  });

  it('counts a 20,000-character run of CJK text without spaces close to tiktoken', () => {
    const long = '天地玄黄宇宙洪荒日月盈昃辰宿列张'.repeat(1250);
    const n = ours.count(long);
    // Windows of 256 bytes change merges only at their edges: within 1% of the exact count (js-tiktoken itself is
    // quadratic here, so the exact figure is taken on a twentieth of the text).
    const exact = expected(long.slice(0, 1000)) * 20;
    expect(Math.abs(n - exact) / exact).toBeLessThan(0.01);
  });
});
