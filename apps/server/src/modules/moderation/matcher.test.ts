import { describe, expect, it } from 'vitest';
import { createStreamScanner, Matcher } from './matcher';
import { normalizeText } from './normalize';
import { createLocalProvider } from './providers/local';
import type { Verdict } from './providers/types';

const matcher = new Matcher([
  { term: '出售冰毒', category: 'illegal' },
  { term: '赌博网站推荐', category: 'illegal' },
  { term: 'DDOS攻击服务', category: 'illegal' },
  { term: '冰毒货源', category: 'illegal' },
  { term: '单', category: 'ignored' },
]);

describe('normalisation for matching', () => {
  it('folds full-width, case, traditional characters and drops spacing and punctuation', () => {
    expect(normalizeText('ＤＤＯＳ 攻擊-服務！')).toBe('ddos攻击服务');
    expect(normalizeText('賭博網站推薦')).toBe('赌博网站推荐');
    expect(normalizeText('出\u200b售 冰*毒')).toBe('出售冰毒');
  });
});

describe('the lexicon automaton', () => {
  it('finds entries through the tricks people use to dodge a filter', () => {
    for (const text of ['哪里有出售冰毒的', '出 售 冰 毒', '出。售。冰。毒', '賭博網站推薦一下', 'ｄｄｏｓ攻擊服務', '找冰毒货源']) {
      expect(matcher.find(text), text).not.toBeNull();
    }
    expect(matcher.find('我家人吸冰毒，我该怎么劝他戒掉？')).toBeNull();
    expect(matcher.find('今天天气不错')).toBeNull();
  });

  it('skips one-character entries instead of refusing every sentence that contains them', () => {
    expect(matcher.size).toBe(4);
    expect(matcher.find('订单已经签收')).toBeNull();
  });

  it('reports the category and our own entry, never the text around it', () => {
    expect(matcher.find('他说要出售冰毒给我')).toEqual({ category: 'illegal', term: '出售冰毒' });
  });
});

describe('reading a stream', () => {
  it('finds a word split across chunks and holds back exactly the part that could still become one', () => {
    const s = createStreamScanner(matcher);
    expect(s.feed('你好，出售')).toBeNull();
    expect(s.safeEnd()).toBe(3); // '出售' may begin 出售冰毒
    expect(s.feed('冰')).toBeNull();
    expect(s.safeEnd()).toBe(3);
    expect(s.feed('毒')).toEqual({ category: 'illegal', term: '出售冰毒' });
  });

  it('releases everything once the candidate fails', () => {
    const s = createStreamScanner(matcher);
    s.feed('出售');
    s.feed('房屋。');
    expect(s.safeEnd()).toBe('出售房屋。'.length);
  });

  it('holds spacing inside a word in progress, across chunks', () => {
    const s = createStreamScanner(matcher);
    s.feed('看看 出 售 ');
    expect(s.safeEnd()).toBe('看看 '.length);
  });
});

describe('the local provider as a stream guard', () => {
  const run = (chunks: string[]) => {
    const released: string[] = [];
    let blocked: Verdict | null = null;
    const g = createLocalProvider(matcher).guard('answer', { release: (t) => released.push(t), block: (v) => (blocked = v) });
    for (const c of chunks) g.push(c);
    return { released, g, blocked: () => blocked };
  };

  it('never releases any part of a blocked word, even split over chunks', async () => {
    const r = run(['这是一段回答，', '出售', '冰', '毒的方法', '后面的文字']);
    await r.g.end();
    expect(r.blocked()).toMatchObject({ category: 'illegal', provider: 'local' });
    expect(r.released.join('')).toBe('这是一段回答，');
  });

  it('passes a clean reply on chunk by chunk and releases the held tail at the end', async () => {
    const r = run(['你好', '，今天', '想出']);
    expect(r.released.join('')).toBe('你好，今天想');
    await r.g.end();
    expect(r.released.join('')).toBe('你好，今天想出');
    expect(r.blocked()).toBeNull();
  });
});
