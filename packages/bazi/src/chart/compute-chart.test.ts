import { describe, expect, it } from 'vitest';
import type { BaziInput } from '../input/birth-input';
import { computeChart } from './compute-chart';
import { DEFAULT_OPTIONS } from './options';

const input = (over: Partial<BaziInput> = {}): BaziInput => ({
  calendar: 'solar',
  year: 1949,
  month: 10,
  day: 1,
  hour: 15,
  minute: 0,
  gender: 'male',
  birthPlace: '北京北京',
  ...over,
});

describe('computeChart', () => {
  it('returns every field of the spec’s Bazi result', () => {
    const chart = computeChart(input());
    expect(Object.keys(chart)).toEqual(
      expect.arrayContaining(['gender', 'birth_place', 'birth_time', 'solar_date', 'previous_term', 'next_term', 'pillars', 'da_yun']),
    );
    for (const key of ['year', 'month', 'day', 'hour'] as const) {
      expect(Object.keys(chart.pillars[key] ?? {})).toEqual(expect.arrayContaining(['gan', 'zhi', 'shi_shen', 'cang_gan', 'na_yin']));
    }
    const cycle = chart.da_yun[0]!;
    expect(Object.keys(cycle)).toEqual(
      expect.arrayContaining(['gan_zhi', 'start_age', 'end_age', 'start_year', 'end_year', 'analysis', 'events']),
    );
    expect(cycle.analysis.branch.hidden_stems[0]).toEqual({ gan: expect.any(String), shi_shen: expect.any(String) });
    expect(cycle.events).toHaveLength(10);
    expect(chart.da_yun).toHaveLength(10);
  });

  // 1949-10-01 15:00, Beijing: 己丑 癸酉 甲子 壬申, day master 甲 (yang wood), as printed
  // in the almanacs for the founding ceremony; ten gods and na-yin from the standard tables.
  it('casts the founding-of-the-PRC chart in full', () => {
    const chart = computeChart(input());
    expect(chart.title).toBe('乾造');
    expect(chart.birth_place).toBe('北京北京');
    expect(chart.birth_time).toBe('1949-10-01 15:00:00');
    expect(chart.solar_date).toBe('1949-10-01');
    expect(chart.lunar_date.text).toBe('农历一九四九年八月初十');
    expect(chart.previous_term.name).toBe('秋分');
    expect(chart.next_term.name).toBe('寒露');
    expect(chart.pillars.year).toMatchObject({
      gan: '己',
      zhi: '丑',
      shi_shen: '正财',
      na_yin: '霹雳火',
      cang_gan: { 己: '正财', 癸: '正印', 辛: '正官' },
    });
    expect(chart.pillars.month).toMatchObject({ gan: '癸', zhi: '酉', shi_shen: '正印', na_yin: '剑锋金', cang_gan: { 辛: '正官' } });
    expect(chart.pillars.day).toMatchObject({
      gan: '甲',
      zhi: '子',
      shi_shen: '日主',
      na_yin: '海中金',
      cang_gan: { 癸: '正印' },
      di_shi: '沐浴',
      xun_kong: '戌亥',
    });
    expect(chart.pillars.hour).toMatchObject({
      gan: '壬',
      zhi: '申',
      shi_shen: '偏印',
      na_yin: '剑锋金',
      cang_gan: { 庚: '七杀', 壬: '偏印', 戊: '偏财' },
    });
    expect(chart.day_master).toEqual({ gan: '甲', wu_xing: '木', yin_yang: '阳' });
    // 己丑 土土, 癸酉 水金, 甲子 木水, 壬申 水金.
    expect(chart.wu_xing_count).toEqual({ 木: 1, 火: 0, 土: 2, 金: 2, 水: 3 });
    // 己 is a yin year: a man counts backwards from 癸酉.
    expect(chart.qi_yun.direction).toBe('逆排');
    expect(chart.da_yun.slice(0, 3).map((d) => d.gan_zhi)).toEqual(['壬申', '辛未', '庚午']);
  });

  it('keeps the cang_gan keys in main-qi-first order', () => {
    expect(Object.keys(computeChart(input()).pillars.hour?.cang_gan ?? {})).toEqual(['庚', '壬', '戊']);
  });

  it('echoes the default options', () => {
    expect(computeChart(input()).options).toEqual(DEFAULT_OPTIONS);
    expect(DEFAULT_OPTIONS).toEqual({ ziHourRule: 'day-changes-at-23', ageReckoning: 'xu', dstCorrection: true, trueSolarTime: false });
  });

  it('gives the same chart for a lunar date and its Gregorian equivalent, leap months included', () => {
    const pairs: [Partial<BaziInput>, Partial<BaziInput>][] = [
      [
        { calendar: 'lunar', year: 1949, month: 8, day: 10 },
        { year: 1949, month: 10, day: 1 },
      ],
      [
        { calendar: 'lunar', year: 2020, month: 4, day: 1, isLeapMonth: true },
        { year: 2020, month: 5, day: 23 },
      ],
      [
        { calendar: 'lunar', year: 2023, month: 2, day: 15, isLeapMonth: true },
        { year: 2023, month: 4, day: 5 },
      ],
      [
        { calendar: 'lunar', year: 2033, month: 11, day: 1, isLeapMonth: true },
        { year: 2033, month: 12, day: 22 },
      ],
    ];
    for (const [lunar, solar] of pairs) {
      const a = computeChart(input(lunar));
      const b = computeChart(input(solar));
      expect(a.solar_date).toBe(b.solar_date);
      expect(a.pillars).toEqual(b.pillars);
      expect(a.lunar_date.is_leap_month).toBe(lunar.isLeapMonth === true);
    }
  });

  it('returns a deeply frozen chart', () => {
    const chart = computeChart(input());
    expect(Object.isFrozen(chart)).toBe(true);
    expect(Object.isFrozen(chart.pillars.day)).toBe(true);
    expect(Object.isFrozen(chart.pillars.day.cang_gan)).toBe(true);
    expect(Object.isFrozen(chart.da_yun)).toBe(true);
    expect(Object.isFrozen(chart.da_yun[0]!.events[0])).toBe(true);
    expect(Object.isFrozen(chart.qi_yun.term)).toBe(true);
  });

  it('serialises to JSON with Chinese text values', () => {
    const json = JSON.stringify(computeChart(input({ gender: 'female' })));
    expect(json).toContain('"title":"坤造"');
    expect(json).toContain('"gan_zhi":"甲子"');
  });
});
