import { describe, expect, it } from 'vitest';
import { formatMoment } from '../calendar/moment';
import { computeChart } from '../chart/compute-chart';
import { GAN_ZHI_NAMES } from '../ganzhi/sexagenary';
import type { BaziInput } from '../input/birth-input';
import { termMoment } from '../terms/solar-terms';
import { isForward, qiYunSpan } from './qi-yun';

const olympics = (over: Partial<BaziInput> = {}): BaziInput => ({
  calendar: 'solar',
  year: 2008,
  month: 8,
  day: 8,
  hour: 20,
  minute: 0,
  gender: 'male',
  birthPlace: '北京北京',
  timeline: true,
  ...over,
});

describe('direction of the luck cycles', () => {
  const jiaZi = GAN_ZHI_NAMES.indexOf('甲子');
  const yiChou = GAN_ZHI_NAMES.indexOf('乙丑');
  it('runs forwards for a yang-year man and a yin-year woman (阳男阴女顺排)', () => {
    expect(isForward(jiaZi, 'male')).toBe(true);
    expect(isForward(yiChou, 'female')).toBe(true);
  });
  it('runs backwards for a yin-year man and a yang-year woman (阴男阳女逆排)', () => {
    expect(isForward(yiChou, 'male')).toBe(false);
    expect(isForward(jiaZi, 'female')).toBe(false);
  });
  it('takes the yin/yang from the 立春 year: a man born 2024-02-01 is 癸卯 (yin), one born 2024-02-10 is 甲辰 (yang)', () => {
    expect(computeChart(olympics({ year: 2024, month: 2, day: 1 })).qi_yun.direction).toBe('逆排');
    expect(computeChart(olympics({ year: 2024, month: 2, day: 10 })).qi_yun.direction).toBe('顺排');
  });
});

describe('start of luck (起运), 3 days = 1 year', () => {
  const yangYear = GAN_ZHI_NAMES.indexOf('甲辰');

  it('turns 3 days 4 hours 1 minute before the next 节 into 1 year 20 days 2 hours', () => {
    const jingZhe = termMoment(2024, 4);
    const birth = jingZhe - (3 * 86400 + 4 * 3600 + 60);
    const span = qiYunSpan(birth, yangYear, 'male');
    expect(span.term.name).toBe('惊蛰');
    // 1 day = 4 months, 2 h = 10 days, 1 min = 2 h: 3 d → 1 y, 4 h → 20 d, 1 min → 2 h.
    expect([span.years, span.months, span.days, span.hours, span.minutes]).toEqual([1, 0, 20, 2, 0]);
  });

  it('turns 1 day 6 hours 45 seconds after the previous 节 into 5 months 1 hour 30 minutes', () => {
    const liChun = termMoment(2024, 2);
    const birth = liChun + 86400 + 6 * 3600 + 45;
    const span = qiYunSpan(birth, yangYear, 'female');
    expect(span.term.name).toBe('立春');
    // 1 d → 4 months, 6 h → 1 month, 45 s → 1 h 30 min.
    expect([span.years, span.months, span.days, span.hours, span.minutes]).toEqual([0, 5, 0, 1, 30]);
  });

  it('gives the Beijing Olympics chart (yang 戊子 year, man) 9 y 11 m 1 d 4 h 16 min, from 2018-07-10 00:16 (tyme4ts agrees)', () => {
    const chart = computeChart(olympics());
    expect(chart.qi_yun).toMatchObject({
      direction: '顺排',
      years: 9,
      months: 11,
      days: 1,
      hours: 4,
      minutes: 16,
      moment: '2018-07-10 00:16:00',
      term: { name: '白露', datetime: formatMoment(termMoment(2008, 16)) },
    });
  });
});

describe('luck cycles (大运) and years (流年)', () => {
  it('steps the month pillar 庚申 forwards for the Olympics chart, ten years each from 2018', () => {
    const chart = computeChart(olympics());
    expect(chart.da_yun.map((d) => d.gan_zhi).join(' ')).toBe('辛酉 壬戌 癸亥 甲子 乙丑 丙寅 丁卯 戊辰 己巳 庚午');
    expect(chart.da_yun.map((d) => `${d.start_year}-${d.end_year}`).slice(0, 3)).toEqual(['2018-2027', '2028-2037', '2038-2047']);
  });

  it('steps backwards for a woman born at the same moment', () => {
    const chart = computeChart(olympics({ gender: 'female' }));
    expect(chart.qi_yun.direction).toBe('逆排');
    expect(chart.da_yun.slice(0, 4).map((d) => d.gan_zhi)).toEqual(['己未', '戊午', '丁巳', '丙辰']);
  });

  it('counts ages in 虚岁 by default and in 周岁 on request', () => {
    const xu = computeChart(olympics()).da_yun[0]!;
    const zhou = computeChart(olympics({ options: { ageReckoning: 'zhou' } })).da_yun[0]!;
    expect([xu.start_age, xu.end_age]).toEqual([11, 20]);
    expect([zhou.start_age, zhou.end_age]).toEqual([10, 19]);
    expect(xu.liu_nian?.[0]).toEqual({ gan_zhi: '戊戌', year: 2018, age: 11 });
    expect(xu.events[0]).toEqual({ gan_zhi: '戊戌' });
    expect(zhou.liu_nian?.[0]).toEqual({ gan_zhi: '戊戌', year: 2018, age: 10 });
  });

  it('lists the ten years of each cycle with their stem-branch: 2024 甲辰 … 2027 丁未', () => {
    const first = computeChart(olympics()).da_yun[0]!;
    expect((first.liu_nian ?? []).map((e) => `${e.year}${e.gan_zhi}`).join(' ')).toBe(
      '2018戊戌 2019己亥 2020庚子 2021辛丑 2022壬寅 2023癸卯 2024甲辰 2025乙巳 2026丙午 2027丁未',
    );
  });

  it('analyses each cycle against the day master 庚: 辛酉 is 劫财 over 辛 劫财', () => {
    const first = computeChart(olympics()).da_yun[0]!;
    expect(first.analysis).toEqual({ stem: { shi_shen: '劫财' }, branch: { hidden_stems: [{ gan: '辛', shi_shen: '劫财' }] } });
  });
});
