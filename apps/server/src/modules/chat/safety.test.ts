import { describe, expect, it } from 'vitest';
import { detectCrisis } from './safety';

describe('crisis detection', () => {
  it.each([
    '我真的不想活了',
    '活着没意思',
    '最近总想结束生命',
    '想割腕',
    '我想从楼上跳楼',
    '有轻生的念头',
    '遗书已经写好了',
    '觉得活 不下去 了',
    'I want to kill myself',
  ])('flags %s', (text) => expect(detectCrisis(text)).toBe(true));
  it.each(['今天工作很累', '自杀式袭击的新闻让我害怕', '学校在做预防自杀的宣传', '我的八字日主是什么', '教唆自杀罪怎么判'])(
    'does not flag %s',
    (text) => expect(detectCrisis(text)).toBe(false),
  );
});
