/**
 * The professional chart on known births, worked out by hand from the rule tables (docs/bazi-shen-sha.md):
 * 2008-08-08 20:00 Beijing, a man: 戊子 庚申 庚辰 丙戌.
 */
import { describe, expect, it } from 'vitest';
import type { BaziInput } from '../input/birth-input';
import type { Relation } from '../relations/relations';
import type { BaziChart } from './chart-types';
import { computeChart } from './compute-chart';

const olympics = (over: Partial<BaziInput> = {}): BaziChart =>
  computeChart({
    calendar: 'solar',
    year: 2008,
    month: 8,
    day: 8,
    hour: 20,
    minute: 0,
    gender: 'male',
    birthPlace: '北京北京',
    liuYueYear: 2026,
    ...over,
  });
const text = (r: Relation) => `${r.type}:${r.members.map((m) => m.pillar + m.char).join('+')}${r.result_wu_xing ?? ''}`;

describe('the Olympics chart (戊子 庚申 庚辰 丙戌, man)', () => {
  const c = olympics();

  it('puts the 神煞 on the pillars the tables give', () => {
    expect(c.pillars.year.shen_sha).toEqual(['天德合', '将星']);
    expect(c.pillars.month.shen_sha).toEqual(['文昌贵人', '福星贵人', '天厨', '禄神', '空亡']);
    expect(c.pillars.day.shen_sha).toEqual(['太极贵人', '国印贵人', '华盖', '日德', '魁罡', '血刃', '流霞', '十恶大败']);
    expect(c.pillars.hour?.shen_sha).toEqual(['太极贵人', '金舆', '红艳', '寡宿', '吊客', '童子']);
  });

  it('gives 胎元 辛亥, 胎息 乙酉, 命宫 癸亥 and 身宫 己未 with their 纳音', () => {
    expect([c.tai_yuan, c.tai_xi, c.ming_gong, c.shen_gong].map((v) => `${v?.gan_zhi}${v?.na_yin}`)).toEqual([
      '辛亥钗钏金',
      '乙酉泉中水',
      '癸亥大海水',
      '己未天上火',
    ]);
  });

  it('lists 申子辰 三合水 and 辰戌 六冲 among the pillars', () => {
    expect(c.relations.map(text)).toEqual(['三合:year子+month申+day辰水', '六冲:day辰+hour戌']);
  });

  it('relates the 2026 luck cycle (辛酉) and year (丙午) to the chart', () => {
    expect([c.yun_relations?.year, c.yun_relations?.da_yun, c.yun_relations?.liu_nian]).toEqual([2026, '辛酉', '丙午']);
    expect(c.yun_relations?.relations.map(text)).toEqual([
      '天干五合:hour丙+da_yun辛水',
      '天干五合:da_yun辛+liu_nian丙水',
      '六合:day辰+da_yun酉金',
      '半合:hour戌+liu_nian午火',
      '三会:month申+hour戌+da_yun酉金',
      '六冲:year子+liu_nian午',
      '六害:hour戌+da_yun酉',
      '相破:year子+da_yun酉',
    ]);
  });

  it('has no luck cycle in a 小运 year, and counts 小运 from the hour pillar forwards for a yang-year man', () => {
    expect(olympics({ liuYueYear: 2012 }).yun_relations?.da_yun).toBeNull();
    expect(c.xiao_yun.map((x) => `${x.year}${x.gan_zhi}${x.age}`)).toEqual([
      '2008丁亥1',
      '2009戊子2',
      '2010己丑3',
      '2011庚寅4',
      '2012辛卯5',
      '2013壬辰6',
      '2014癸巳7',
      '2015甲午8',
      '2016乙未9',
      '2017丙申10',
    ]);
    expect(olympics({ gender: 'female' }).xiao_yun[0]?.gan_zhi).toBe('乙酉');
  });

  it('gives the twelve 流月 of 2026 from 立春 to 小寒 with 五虎遁 stems (丙辛之年庚寅头)', () => {
    expect(c.liu_yue_year).toBe(2026);
    expect(c.liu_yue?.map((m) => m.term + m.gan_zhi).join(' ')).toBe(
      '立春庚寅 惊蛰辛卯 清明壬辰 立夏癸巳 芒种甲午 小暑乙未 立秋丙申 白露丁酉 寒露戊戌 立冬己亥 大雪庚子 小寒辛丑',
    );
    expect(c.liu_yue?.[0]?.start).toBe('2026-02-04 04:02:07');
    expect(c.liu_yue?.[11]?.end).toBe('2027-02-04 09:46:17');
  });

  it('takes the focus year from the clock when none is asked for (Beijing time)', () => {
    const newYearsEveUtc = Date.UTC(2026, 11, 31, 17, 0); // 2027-01-01 01:00 in Beijing
    const chart = computeChart(
      { calendar: 'solar', year: 2008, month: 8, day: 8, hour: 20, minute: 0, gender: 'male', birthPlace: '北京北京', timeline: true },
      () => newYearsEveUtc,
    );
    expect(chart.liu_yue_year).toBe(2027);
  });

  it('carries every 流年 of a cycle: the spec’s events (干支) and liu_nian with year and age', () => {
    expect(c.da_yun[0]?.events.map((e) => e.gan_zhi)).toEqual(c.da_yun[0]?.liu_nian?.map((e) => e.gan_zhi));
    expect(c.da_yun[0]?.liu_nian?.[0]).toEqual({ gan_zhi: '戊戌', year: 2018, age: 11 });
  });
});

describe('boundary warnings', () => {
  const at = (hour: number, minute: number, over: Partial<BaziInput> = {}) =>
    computeChart({ calendar: 'solar', year: 2024, month: 2, day: 4, hour, minute, gender: 'male', birthPlace: '北京北京', ...over });

  it('warns 7 minutes before 立春 2024 (16:27:07) with the year and month pillars after it', () => {
    const c = at(16, 20);
    expect(c.warnings).toHaveLength(1);
    expect(c.warnings[0]).toMatchObject({
      kind: 'term',
      boundary: '2024-02-04 16:27:07',
      minutes: 7.1,
      alternatives: [
        { pillar: 'year', current: '癸卯', alternative: '甲辰' },
        { pillar: 'month', current: '乙丑', alternative: '丙寅' },
      ],
    });
    expect(c.warnings[0]?.message).toContain('年柱可能是甲辰而非癸卯');
  });

  it('warns just after a 节 too, and not 11 minutes away', () => {
    expect(at(16, 30).warnings[0]?.alternatives.map((a) => a.alternative)).toEqual(['癸卯', '乙丑']);
    expect(at(16, 16).warnings).toEqual([]);
    expect(at(16, 39).warnings).toEqual([]);
  });

  it('warns 2 minutes before 17:00 (申时/酉时) with the next hour pillar', () => {
    const c = at(16, 58);
    expect(c.warnings).toEqual([
      expect.objectContaining({
        kind: 'hour',
        boundary: '2024-02-04 17:00:00',
        minutes: 2,
        alternatives: [{ pillar: 'hour', current: '庚申', alternative: '辛酉' }],
      }),
    ]);
    expect(c.warnings[0]?.message).toContain('申时与酉时之交');
  });

  it('near 23:00 names the day pillar too (子初换日), and near midnight only with 夜子时', () => {
    const late = computeChart({
      calendar: 'solar',
      year: 2024,
      month: 3,
      day: 10,
      hour: 22,
      minute: 55,
      gender: 'male',
      birthPlace: '北京北京',
    });
    expect(late.warnings[0]?.alternatives.map((a) => a.pillar)).toEqual(['day', 'hour']);
    const midnight = (ziHourRule: 'day-changes-at-23' | 'day-changes-at-0') =>
      computeChart({
        calendar: 'solar',
        year: 2024,
        month: 3,
        day: 10,
        hour: 23,
        minute: 56,
        gender: 'male',
        birthPlace: '北京北京',
        options: { ziHourRule },
      }).warnings;
    expect(midnight('day-changes-at-23')).toEqual([]);
    expect(midnight('day-changes-at-0')[0]).toMatchObject({
      kind: 'hour',
      boundary: '2024-03-11 00:00:00',
      alternatives: [{ pillar: 'day' }],
    });
    expect(midnight('day-changes-at-0')[0]?.message).toContain('零点换日');
  });

  it('reads the 时辰 edge on true solar time when that option is on', () => {
    // Urumqi (87.6°E): 19:15 Beijing time on 2024-03-10 is 16:55:21 local apparent solar time, 5 min before 酉时.
    const urumqi = (trueSolarTime: boolean) =>
      computeChart({
        calendar: 'solar',
        year: 2024,
        month: 3,
        day: 10,
        hour: 19,
        minute: 15,
        gender: 'male',
        birthPlace: '新疆乌鲁木齐',
        options: { trueSolarTime },
      });
    expect(urumqi(true).warnings).toEqual([expect.objectContaining({ kind: 'hour', boundary: '2024-03-10 17:00:00', minutes: 4.7 })]);
    expect(urumqi(true).warnings[0]?.message).toContain('出生时间16:55');
    expect(urumqi(false).warnings).toEqual([]);
  });
});

describe('unknown birth hour', () => {
  const c = computeChart({ calendar: 'solar', year: 2024, month: 2, day: 4, hourUnknown: true, gender: 'female', birthPlace: '北京北京' });

  it('has three pillars, six characters counted, and no 命宫, 身宫 or 小运', () => {
    expect(c.hour_unknown).toBe(true);
    expect(c.pillars.hour).toBeNull();
    expect(Object.values(c.wu_xing_count).reduce((a, b) => a + b, 0)).toBe(6);
    expect([c.ming_gong, c.shen_gong]).toEqual([null, null]);
    expect(c.xiao_yun).toEqual([]);
    expect(c.relations.every((r) => r.members.every((m) => m.pillar !== 'hour'))).toBe(true);
  });

  it('is cast at noon and warns that 立春 falls on the day of birth', () => {
    expect(c.birth_time).toBe('2024-02-04 12:00:00');
    expect(c.qi_yun.text).toContain('时辰未知');
    expect(c.warnings).toEqual([expect.objectContaining({ kind: 'term', boundary: '2024-02-04 16:27:07' })]);
    expect(c.warnings[0]?.message).toContain('时辰未知');
  });

  it('does not warn on a day without a 节', () => {
    expect(
      computeChart({ calendar: 'solar', year: 2024, month: 2, day: 6, hourUnknown: true, gender: 'female', birthPlace: '北京北京' })
        .warnings,
    ).toEqual([]);
  });
});

describe('the timeline is carried only when asked for', () => {
  const base = { calendar: 'solar', year: 2008, month: 8, day: 8, hour: 20, minute: 0, gender: 'male', birthPlace: '北京北京' } as const;
  it('leaves out the 流年 lists, the 流月 and the luck relations by default', () => {
    const c = computeChart(base);
    expect(c.da_yun[0]?.liu_nian).toBeUndefined();
    expect([c.liu_yue_year, c.liu_yue, c.yun_relations]).toEqual([undefined, undefined, undefined]);
    expect(JSON.stringify(c)).not.toMatch(/liu_nian"|liu_yue|yun_relations/);
    expect(c.xiao_yun.length).toBeGreaterThan(0);
  });
  it('adds them with timeline: true (for the current year) or with a liuYueYear', () => {
    const asked = computeChart({ ...base, timeline: true }, () => Date.UTC(2031, 5, 1));
    expect([asked.liu_yue_year, asked.liu_yue?.length, asked.da_yun[0]?.liu_nian?.length]).toEqual([2031, 12, 10]);
    expect(computeChart({ ...base, liuYueYear: 2030 }).yun_relations?.year).toBe(2030);
  });
});
