import { eqtime, deltat, planetposition } from 'astronomia';
import vsop87Bearth from 'astronomia/data/vsop87Bearth';
import { describe, expect, it } from 'vitest';
import { momentFromParts } from '../calendar/moment';
import { computeChart } from '../chart/compute-chart';
import type { BaziInput } from '../input/birth-input';
import { randomInt, seededRandom } from '../testing/seeded-random';
import { dstStatusOf, type DstStatus } from './china-dst';
import { equationOfTimeSeconds, trueSolarTime } from './true-solar-time';

const wall = (y: number, mo: number, d: number, h: number, mi: number) => momentFromParts(y, mo, d, h, mi);
const birth = (over: Partial<BaziInput>): BaziInput => ({
  calendar: 'solar',
  year: 1988,
  month: 6,
  day: 1,
  hour: 9,
  minute: 30,
  gender: 'male',
  birthPlace: '北京北京',
  ...over,
});

describe('China daylight saving time 1986-1991', () => {
  it.each([
    [[1986, 5, 4, 1, 59], 'standard'],
    [[1986, 5, 4, 2, 0], 'nonexistent'],
    [[1986, 5, 4, 2, 59], 'nonexistent'],
    [[1986, 5, 4, 3, 0], 'daylight'],
    [[1986, 9, 14, 0, 59], 'daylight'],
    [[1986, 9, 14, 1, 0], 'ambiguous'],
    [[1986, 9, 14, 1, 59], 'ambiguous'],
    [[1986, 9, 14, 2, 0], 'standard'],
    [[1987, 4, 12, 3, 0], 'daylight'],
    [[1988, 4, 10, 10, 0], 'standard'],
    [[1988, 4, 17, 2, 30], 'nonexistent'],
    [[1988, 4, 17, 3, 0], 'daylight'],
    [[1989, 9, 17, 0, 30], 'daylight'],
    [[1990, 7, 1, 12, 0], 'daylight'],
    [[1991, 9, 15, 1, 30], 'ambiguous'],
    [[1991, 9, 15, 2, 0], 'standard'],
    [[1992, 7, 1, 12, 0], 'standard'],
    [[1985, 7, 1, 12, 0], 'standard'],
  ] as const)('classifies %j as %s', ([y, mo, d, h, mi], status) => {
    expect(dstStatusOf(wall(y, mo, d, h, mi))).toBe(status);
  });

  it('matches the IANA time-zone data (Asia/Shanghai, via Intl) for every half hour of 1986-1991', () => {
    const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', timeZoneName: 'shortOffset' });
    const offsetHours = (utcMs: number) =>
      Number(
        offsetFormat
          .formatToParts(utcMs)
          .find((p) => p.type === 'timeZoneName')!
          .value.slice(3),
      );
    // Wall-clock moments (our UTC+8-free "seconds since 1970 on the wall") and how many instants show each.
    const shown = new Map<number, number[]>();
    for (let utc = Date.UTC(1986, 0, 1); utc < Date.UTC(1992, 0, 1); utc += 30 * 60 * 1000) {
      const offset = offsetHours(utc);
      const wallSeconds = utc / 1000 + offset * 3600;
      shown.set(wallSeconds, [...(shown.get(wallSeconds) ?? []), offset]);
    }
    const expected = (offsets: number[] | undefined): DstStatus =>
      !offsets ? 'nonexistent' : offsets.length === 2 ? 'ambiguous' : offsets[0] === 9 ? 'daylight' : 'standard';
    let mismatches = 0;
    for (let w = wall(1986, 1, 1, 8, 0); w < wall(1991, 12, 31, 0, 0); w += 1800) {
      if (dstStatusOf(w) !== expected(shown.get(w))) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it('moves a summer-time clock reading back one hour by default, changing the hour pillar 巳 → 辰', () => {
    const chart = computeChart(birth({}));
    expect(chart.standard_time).toBe('1988-06-01 08:30:00');
    expect(chart.pillars.hour?.zhi).toBe('辰');
    expect(chart.corrections).toEqual([
      { kind: 'dst', label: '夏令时校正', from: '1988-06-01 09:30:00', to: '1988-06-01 08:30:00', minutes: -60, note: expect.any(String) },
    ]);
    const uncorrected = computeChart(birth({ options: { dstCorrection: false } }));
    expect(uncorrected.pillars.hour?.zhi).toBe('巳');
    expect(uncorrected.corrections).toEqual([]);
  });

  it('leaves Hong Kong, Macau and Taiwan clocks alone: they kept standard time in 1986-1991', () => {
    for (const birthPlace of ['香港香港', '澳门澳门', '台湾台北']) {
      const chart = computeChart(birth({ birthPlace }));
      expect(chart.standard_time).toBe('1988-06-01 09:30:00');
      expect(chart.corrections).toEqual([]);
    }
  });

  it('rejects the skipped hour 02:00-02:59 on the first day, unless the correction is off', () => {
    expect(() => computeChart(birth({ month: 4, day: 17, hour: 2, minute: 30 }))).toThrow(
      /1988年4月17日夏令时开始，时钟从2:00直接拨到3:00，2:30并不存在/,
    );
    expect(computeChart(birth({ month: 4, day: 17, hour: 2, minute: 30, options: { dstCorrection: false } })).standard_time).toBe(
      '1988-04-17 02:30:00',
    );
  });

  it('reads the repeated hour 01:00-01:59 on the last day as its first (daylight) occurrence and says so', () => {
    const chart = computeChart(birth({ year: 1990, month: 9, day: 16, hour: 1, minute: 30 }));
    expect(chart.standard_time).toBe('1990-09-16 00:30:00');
    expect(chart.corrections[0]!.note).toContain('按第一次（夏令时）计算');
  });
});

describe('true solar time', () => {
  const earth = new planetposition.Planet(vsop87Bearth);

  it('computes the equation of time within 5 s of the full VSOP87 value (astronomia), 1901-2099', () => {
    const random = seededRandom(88);
    for (let i = 0; i < 400; i++) {
      const moment = wall(randomInt(random, 1901, 2099), randomInt(random, 1, 12), randomInt(random, 1, 28), randomInt(random, 0, 23), 0);
      const jd = 2440587.5 + (moment - 8 * 3600) / 86400;
      const jde = jd + deltat.deltaT(2000 + (jd - 2451545) / 365.25) / 86400;
      const reference = ((eqtime.e(jde, earth) * 180) / Math.PI) * 240;
      expect(Math.abs(equationOfTimeSeconds(moment) - reference)).toBeLessThan(5);
    }
  });

  it('has the sundial 16.4 min ahead in early November and 14.2 min behind in mid February', () => {
    expect(equationOfTimeSeconds(wall(2023, 11, 3, 12, 0)) / 60).toBeCloseTo(16.4, 0);
    expect(equationOfTimeSeconds(wall(2023, 2, 11, 12, 0)) / 60).toBeCloseTo(-14.2, 0);
  });

  it('shifts Urumqi (87.62°E) by −129 min 31 s for longitude plus the equation of time', () => {
    const standard = wall(2023, 11, 3, 12, 0);
    const tst = trueSolarTime(standard, 87.62);
    expect(tst.longitudeSeconds).toBe(-(129 * 60 + 31));
    expect(tst.moment).toBe(standard + tst.longitudeSeconds + tst.equationOfTimeSeconds);
  });

  it('is off by default and, when on, moves the day and hour pillars but not year and month', () => {
    const input = birth({ year: 2023, month: 11, day: 3, hour: 1, minute: 0, birthPlace: '新疆乌鲁木齐' });
    const plain = computeChart(input);
    expect(plain.corrected_time).toBe('2023-11-03 01:00:00');
    const solar = computeChart({ ...input, options: { trueSolarTime: true } });
    // 01:00 − 2 h 9 min 31 s + 16 min 25 s (equation of time) = 23:06:54 the evening before.
    expect(solar.corrected_time).toMatch(/^2023-11-02 23:0[67]:/);
    expect(solar.corrections[0]).toMatchObject({ kind: 'true_solar_time', label: '真太阳时校正', from: '2023-11-03 01:00:00' });
    expect(solar.corrections[0]!.minutes).toBeCloseTo(-129.5 + 16.4, 0);
    expect(solar.pillars.hour?.zhi).toBe('子');
    expect(plain.pillars.hour?.zhi).toBe('丑');
    expect([solar.pillars.year, solar.pillars.month]).toEqual([plain.pillars.year, plain.pillars.month]);
    expect(solar.options.trueSolarTime).toBe(true);
  });
});
