import { LunarUtil } from 'lunar-javascript';
import { describe, expect, it } from 'vitest';
import { naYinOf } from './na-yin';
import { GAN_ZHI_NAMES } from './sexagenary';

const of = (ganZhi: string) => naYinOf(GAN_ZHI_NAMES.indexOf(ganZhi));

describe('na-yin (纳音)', () => {
  it.each([
    ['甲子', '海中金'],
    ['乙丑', '海中金'],
    ['丙寅', '炉中火'],
    ['庚午', '路旁土'],
    ['戊子', '霹雳火'],
    ['甲午', '沙中金'],
    ['甲辰', '覆灯火'],
    ['丙午', '天河水'],
    ['庚申', '石榴木'],
    ['癸亥', '大海水'],
  ])('gives %s the na-yin %s', (ganZhi, naYin) => {
    expect(of(ganZhi)).toBe(naYin);
  });

  it('shares one na-yin between each consecutive pair and no other', () => {
    const names = GAN_ZHI_NAMES.map((_, i) => naYinOf(i));
    expect(new Set(names).size).toBe(30);
    for (let i = 0; i < 60; i += 2) expect(names[i]).toBe(names[i + 1]);
  });

  it('agrees with lunar-javascript for all sixty pillars', () => {
    GAN_ZHI_NAMES.forEach((ganZhi, i) => expect(naYinOf(i)).toBe(LunarUtil.NAYIN[ganZhi]));
  });
});
