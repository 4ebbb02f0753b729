import { LunarUtil } from 'lunar-javascript';
import { describe, expect, it } from 'vitest';
import { hiddenStemNames } from './hidden-stems';
import { ZHI } from './stems-branches';

describe('hidden stems (地支藏干)', () => {
  // The standard table (《渊海子平》 as printed in the common almanacs), main qi first.
  const TABLE = {
    子: '癸',
    丑: '己癸辛',
    寅: '甲丙戊',
    卯: '乙',
    辰: '戊乙癸',
    巳: '丙庚戊',
    午: '丁己',
    未: '己丁乙',
    申: '庚壬戊',
    酉: '辛',
    戌: '戊辛丁',
    亥: '壬甲',
  } as const;

  it.each(Object.entries(TABLE))('hides %s → %s', (zhi, stems) => {
    expect(hiddenStemNames(ZHI.indexOf(zhi as (typeof ZHI)[number])).join('')).toBe(stems);
  });

  it('puts the stem of the branch’s own element first (本气)', () => {
    // 寅卯 wood, 巳午 fire, 申酉 metal, 亥子 water, 辰戌丑未 earth.
    expect(ZHI.map((_, i) => hiddenStemNames(i)[0]).join('')).toBe('癸己甲乙戊丙丁己庚辛戊壬');
  });

  it('agrees with lunar-javascript’s table for all twelve branches', () => {
    ZHI.forEach((zhi, i) => expect(hiddenStemNames(i)).toEqual(LunarUtil.ZHI_HIDE_GAN[zhi]));
  });
});
