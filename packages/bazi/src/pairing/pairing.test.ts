import { describe, expect, it } from 'vitest';
import { computeChart } from '../chart/compute-chart';
import type { BaziInput } from '../input/birth-input';
import { pairingFacts } from './pairing';

const chart = (over: Partial<BaziInput>) =>
  computeChart({ calendar: 'solar', year: 1990, month: 5, day: 9, hour: 8, minute: 5, gender: 'male', birthPlace: '北京北京', ...over });

describe('合婚 facts', () => {
  // a: 2008-08-08 20:00, a man: 戊子 庚申 庚辰 丙戌 (year 纳音 霹雳火).
  // b: 1990-05-09 08:05, a woman: 庚午 辛巳 甲戌 戊辰 (路旁土). c: 1993-09-20 10:00: 癸酉 辛酉 甲辰 己巳.
  const a = chart({ year: 2008, month: 8, day: 8, hour: 20, minute: 0 });
  const b = chart({ gender: 'female' });
  const c = chart({ year: 1993, month: 9, day: 20, hour: 10, minute: 0, gender: 'female' });
  const f = pairingFacts(a, b);

  it('relates the year branches (子午 六冲) and the day branches (辰戌 六冲)', () => {
    expect([a, b].map((x) => [x.pillars.year, x.pillars.month, x.pillars.day, x.pillars.hour].map((p) => p?.gan_zhi).join(' '))).toEqual([
      '戊子 庚申 庚辰 丙戌',
      '庚午 辛巳 甲戌 戊辰',
    ]);
    expect(f.year_branch).toEqual({ a: '子', b: '午', relations: [{ type: '六冲' }] });
    expect(f.day_branch).toEqual({ a: '辰', b: '戌', relations: [{ type: '六冲' }] });
  });

  it('relates the day stems (庚甲 相冲) and the day masters’ elements (庚金克甲木)', () => {
    expect(f.day_stem).toEqual({ a: '庚', b: '甲', relations: [{ type: '天干相冲' }] });
    expect(f.day_master).toMatchObject({ relation: '相克', from: 'a', text: '庚金克甲木' });
    expect(pairingFacts(b, a).day_master).toMatchObject({ relation: '相克', from: 'b', text: '庚金克甲木' });
  });

  it('relates the year pillars’ 纳音: 霹雳火生路旁土', () => {
    expect(f.na_yin).toMatchObject({ relation: '相生', from: 'a', text: '霹雳火生路旁土' });
  });

  it('finds each person’s 桃花, 红鸾 and 天喜 in the other’s pillars, and says so when there are none', () => {
    // a's 桃花 and 天喜 are 酉, its 红鸾 卯; b (午 巳 戌 辰) has none. b's 桃花 and 天喜 卯, 红鸾 酉; a (子 申 辰 戌) has none.
    expect(f.stars).toEqual([]);
    // c has 酉 in the year and month; c's 天喜 (酉 year: 子) is a's year branch.
    expect(pairingFacts(a, c).stars).toEqual([
      {
        star: '桃花',
        of: 'a',
        pillars: [
          { pillar: 'year', zhi: '酉' },
          { pillar: 'month', zhi: '酉' },
        ],
      },
      {
        star: '天喜',
        of: 'a',
        pillars: [
          { pillar: 'year', zhi: '酉' },
          { pillar: 'month', zhi: '酉' },
        ],
      },
      { star: '天喜', of: 'b', pillars: [{ pillar: 'year', zhi: '子' }] },
    ]);
  });

  it('relates day stems five apart as 五合 with their element, and works without an hour pillar', () => {
    const x = chart({ year: 1984, month: 3, day: 15, hourUnknown: true });
    const y = chart({ year: 1986, month: 7, day: 2, hour: 14, minute: 0, gender: 'female' });
    const facts = pairingFacts(x, y);
    expect(x.pillars.hour).toBeNull();
    expect(facts.day_stem.a + facts.day_stem.b).toBe(x.pillars.day.gan + y.pillars.day.gan);
    const stems = '甲乙丙丁戊己庚辛壬癸';
    const fiveApart = Math.abs(stems.indexOf(x.pillars.day.gan) - stems.indexOf(y.pillars.day.gan)) === 5;
    expect(facts.day_stem.relations.some((r) => r.type === '天干五合')).toBe(fiveApart);
  });
});
