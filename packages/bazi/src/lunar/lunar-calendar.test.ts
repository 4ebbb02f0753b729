import { deltat, moonphase } from 'astronomia';
import { Lunar, Solar } from 'lunar-javascript';
import { describe, expect, it } from 'vitest';
import { civilFromDays, daysFromCivil } from '../calendar/civil-date';
import { dayNumberOf, formatDate, type Moment } from '../calendar/moment';
import { BaziInputError } from '../errors';
import { randomInt, seededRandom } from '../testing/seeded-random';
import { termMoment } from '../terms/solar-terms';
import { lunarDateOfDay, lunarYearMonths, lunarToDayNumber } from './lunar-calendar';

const day = (y: number, m: number, d: number) => daysFromCivil(y, m, d);
const dateOf = (dayNumber: number) => {
  const c = civilFromDays(dayNumber);
  return formatDate(c.year, c.month, c.day);
};

describe('lunar calendar: known dates', () => {
  it.each([
    [1901, '1901-02-19'],
    [1990, '1990-01-27'],
    [2000, '2000-02-05'],
    [2023, '2023-01-22'],
    [2024, '2024-02-10'],
    [2099, '2099-01-21'],
  ])('starts lunar year %i (正月初一) on %s', (year, date) => {
    expect(dateOf(lunarToDayNumber(year, 1, 1, false))).toBe(date);
  });

  it('has 2020 闰四月 from 2020-05-23, 29 days long', () => {
    expect(dateOf(lunarToDayNumber(2020, 4, 1, true))).toBe('2020-05-23');
    expect(dateOf(lunarToDayNumber(2020, 4, 29, true))).toBe('2020-06-20');
    expect(lunarDateOfDay(day(2020, 6, 21))).toMatchObject({ month: 5, day: 1, isLeapMonth: false });
  });

  it('has 2023 闰二月 from 2023-03-22 and lists the months of 2023 in order', () => {
    expect(dateOf(lunarToDayNumber(2023, 2, 1, true))).toBe('2023-03-22');
    expect(
      lunarYearMonths(2023)
        .map((m) => `${m.name}${m.days}`)
        .join(' '),
    ).toBe('正月29 二月30 闰二月29 三月29 四月30 五月30 六月29 七月30 八月30 九月29 十月30 冬月29 腊月30');
  });

  it('has 2033 闰十一月 (the "2033 problem", settled by GB/T 33661-2017) from 2033-12-22', () => {
    expect(lunarYearMonths(2033).find((m) => m.isLeap)).toMatchObject({ month: 11, days: 29, name: '闰冬月' });
    expect(dateOf(lunarToDayNumber(2033, 11, 1, true))).toBe('2033-12-22');
  });

  it('writes the lunar date in Chinese: 1990-05-09 is 农历一九九〇年四月十五', () => {
    expect(lunarDateOfDay(day(1990, 5, 9)).text).toBe('农历一九九〇年四月十五');
    expect(lunarDateOfDay(day(2023, 3, 22)).text).toBe('农历二〇二三年闰二月初一');
    expect(lunarDateOfDay(day(2024, 2, 9)).text).toBe('农历二〇二三年腊月三十');
  });

  it('rejects day 30 of a 29-day month and a leap month the year does not have', () => {
    expect(() => lunarToDayNumber(2023, 2, 30, true)).toThrow('农历2023年闰二月只有29天，没有30日');
    expect(() => lunarToDayNumber(2021, 4, 1, true)).toThrow('农历2021年没有闰四月（该年没有闰月）');
    expect(() => lunarToDayNumber(2020, 5, 1, true)).toThrow('农历2020年没有闰五月（该年闰四月）');
    expect(() => lunarToDayNumber(2023, 2, 30, true)).toThrow(BaziInputError);
  });
});

describe('lunar calendar: cross-check with lunar-javascript 1.7.7', () => {
  const random = seededRandom(19491001);
  const days = Array.from({ length: 3000 }, () => randomInt(random, day(1901, 1, 1), day(2099, 12, 31)));

  // lunar-javascript takes about a millisecond a date; room for a loaded machine (as in cross-check.test.ts).
  it('converts 3,000 random Gregorian dates to the same lunar dates', { timeout: 60_000 }, () => {
    for (const d of days) {
      const c = civilFromDays(d);
      const theirs = Solar.fromYmd(c.year, c.month, c.day).getLunar();
      const ours = lunarDateOfDay(d);
      expect([ours.year, ours.isLeapMonth ? -ours.month : ours.month, ours.day], formatDate(c.year, c.month, c.day)).toEqual([
        theirs.getYear(),
        theirs.getMonth(),
        theirs.getDay(),
      ]);
    }
  });

  it('converts the same 3,000 dates back from lunar to Gregorian', { timeout: 60_000 }, () => {
    for (const d of days) {
      const l = lunarDateOfDay(d);
      expect(lunarToDayNumber(l.year, l.month, l.day, l.isLeapMonth)).toBe(d);
      const s = Lunar.fromYmd(l.year, l.isLeapMonth ? -l.month : l.month, l.day).getSolar();
      expect(day(s.getYear(), s.getMonth(), s.getDay())).toBe(d);
    }
  });
});

describe('lunar calendar: re-derived from astronomy', () => {
  // Since 1929 the almanac is reckoned in UTC+8. Before that the observatory worked in
  // Beijing local mean time (116°25'E, UTC+7:45:40) in some years (1914, 1916, 1920 differ
  // from UTC+8) but not all (1906), so there either clock is accepted.
  const UTC8 = 8 * 3600;
  const BEIJING_LOCAL_MEAN = 7 * 3600 + 45 * 60 + 40;
  const clockOffsetSeconds = (year: number) => (year < 1929 ? BEIJING_LOCAL_MEAN : UTC8);
  const allMonths = Array.from({ length: 2099 - 1901 + 1 }, (_, i) => 1901 + i).flatMap((year) =>
    lunarYearMonths(year).map((m) => ({ year, ...m })),
  );

  it('starts every month on the civil day of its new moon (Meeus ch. 49 via astronomia)', () => {
    let checked = 0;
    for (const m of allMonths) {
      const decimalYear = 1970 + (m.firstDay + 0.5) / 365.2425;
      const jdUt = moonphase.newMoon(decimalYear) - deltat.deltaT(decimalYear) / 86400;
      const utcSeconds = Math.round((jdUt - 2440587.5) * 86400);
      const clocks = m.year < 1929 ? [UTC8, BEIJING_LOCAL_MEAN] : [UTC8];
      const candidates = clocks.map((offset): Moment => utcSeconds + offset);
      // Skip new moons within two minutes of midnight, where the series' error could flip the day.
      const nearMidnight = candidates.some((local) => {
        const secondsIntoDay = local - dayNumberOf(local) * 86400;
        return secondsIntoDay < 120 || secondsIntoDay > 86400 - 120;
      });
      if (nearMidnight) continue;
      expect(
        candidates.map((local) => dateOf(dayNumberOf(local))),
        `${m.year} ${m.name}`,
      ).toContain(dateOf(m.firstDay));
      checked++;
    }
    expect(checked).toBeGreaterThan(2400);
  });

  it('puts 冬至 in the eleventh month and no 中气 in a leap month (our VSOP87 term table)', () => {
    const zhongQiDays = new Set<number>();
    for (let year = 1900; year <= 2100; year++) {
      for (let k = 1; k < 24; k += 2) zhongQiDays.add(dayNumberOf(termMoment(year, k) - 8 * 3600 + clockOffsetSeconds(year)));
    }
    const hasZhongQi = (m: (typeof allMonths)[number]) => {
      for (let d = m.firstDay; d < m.firstDay + m.days; d++) if (zhongQiDays.has(d)) return true;
      return false;
    };
    for (const m of allMonths) {
      if (m.isLeap) expect(hasZhongQi(m), `${m.year} ${m.name}`).toBe(false);
      if (m.month === 11 && !m.isLeap) {
        const dongZhi = dayNumberOf(termMoment(m.year, 23) - 8 * 3600 + clockOffsetSeconds(m.year));
        expect(dongZhi >= m.firstDay && dongZhi < m.firstDay + m.days, `${m.year} 冬月 holds 冬至`).toBe(true);
      }
    }
  });
});
