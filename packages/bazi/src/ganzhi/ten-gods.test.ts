import { LunarUtil } from 'lunar-javascript';
import { describe, expect, it } from 'vitest';
import { GAN } from './stems-branches';
import { DAY_MASTER_LABEL, tenGod } from './ten-gods';

const row = (dayMaster: string) => GAN.map((_, g) => tenGod(GAN.indexOf(dayMaster as (typeof GAN)[number]), g)).join(' ');

describe('ten gods (十神)', () => {
  it('names every stem for a 甲 (yang wood) day master', () => {
    expect(row('甲')).toBe('比肩 劫财 食神 伤官 偏财 正财 七杀 正官 偏印 正印');
  });

  it('names every stem for a 丁 (yin fire) day master', () => {
    expect(row('丁')).toBe('正印 偏印 劫财 比肩 伤官 食神 正财 偏财 正官 七杀');
  });

  it('names every stem for a 庚 (yang metal) day master', () => {
    expect(row('庚')).toBe('偏财 正财 七杀 正官 偏印 正印 比肩 劫财 食神 伤官');
  });

  it('labels the day pillar 日主', () => {
    expect(DAY_MASTER_LABEL).toBe('日主');
  });

  it('agrees with lunar-javascript for all 100 pairs', () => {
    for (const [d, dayMaster] of GAN.entries()) {
      for (const [g, gan] of GAN.entries()) expect(tenGod(d, g)).toBe(LunarUtil.SHI_SHEN[dayMaster + gan]);
    }
  });
});
