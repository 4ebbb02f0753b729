import { describe, expect, it } from 'vitest';
import { explicitFact, parseFacts, tidy } from './facts';

describe('explicit memory requests', () => {
  it('takes the fact after 记住, 请记住 and 帮我记住 with any separator', () => {
    expect(explicitFact('记住：我叫小林')).toBe('我叫小林');
    expect(explicitFact('请记住，我下个月要考研。')).toBe('我下个月要考研');
    expect(explicitFact('帮我记住 我对花生过敏')).toBe('我对花生过敏');
    expect(explicitFact('请你记住:我喜欢被叫阿林')).toBe('我喜欢被叫阿林');
  });

  it('ignores questions that only mention remembering, and empty requests', () => {
    expect(explicitFact('我总是记不住单词怎么办')).toBeNull();
    expect(explicitFact('你能记住我吗')).toBeNull();
    expect(explicitFact('记住：')).toBeNull();
  });

  it('cuts a long fact to 100 characters', () => {
    expect(Array.from(explicitFact('记住：' + '长'.repeat(300)) ?? '')).toHaveLength(100);
    expect(tidy('  “用户喜欢猫。”  ')).toBe('用户喜欢猫');
  });
});

describe('facts the model extracted', () => {
  it('reads a JSON array of strings, also inside a code fence, at most five, without duplicates', () => {
    expect(parseFacts('```json\n["用户叫小林", "用户叫小林", "用户在准备考研"]\n```')).toEqual(['用户叫小林', '用户在准备考研']);
    expect(parseFacts(JSON.stringify(['a1', 'b2', 'c3', 'd4', 'e5', 'f6']))).toHaveLength(5);
  });

  it('reads nothing from prose, broken JSON or non-strings', () => {
    expect(parseFacts('没有值得记住的内容')).toEqual([]);
    expect(parseFacts('[用户叫小林')).toEqual([]);
    expect(parseFacts('[1, {"a": 2}, "用户喜欢跑步"]')).toEqual(['用户喜欢跑步']);
  });
});
