import { describe, expect, it } from 'vitest';
import { momentFromParts } from '../calendar/moment';
import { GAN_ZHI_NAMES } from '../ganzhi/sexagenary';
import { termMoment } from '../terms/solar-terms';
import { fourPillars, type ZiHourRule } from './four-pillars';

const names = (standard: number, local = standard, rule: ZiHourRule = 'day-changes-at-23') => {
  const p = fourPillars(standard, local, rule);
  return [p.year, p.month, p.day, p.hour].map((i) => GAN_ZHI_NAMES[i]).join(' ');
};
const at = (y: number, mo: number, d: number, h: number, mi: number) => names(momentFromParts(y, mo, d, h, mi));
/** Whole minutes just before and just after a term's exact second. */
const minuteBefore = (m: number) => Math.floor(m / 60) * 60 - (m % 60 === 0 ? 60 : 0);
const minuteAfter = (m: number) => Math.ceil(m / 60) * 60 + (m % 60 === 0 ? 60 : 0);

describe('four pillars', () => {
  // Widely published charts, checked by hand against the 万年历.
  it('casts the founding of the PRC, 1949-10-01 15:00, as 己丑 癸酉 甲子 壬申', () => {
    expect(at(1949, 10, 1, 15, 0)).toBe('己丑 癸酉 甲子 壬申');
  });

  it('casts the Beijing Olympics opening, 2008-08-08 20:00, as 戊子 庚申 庚辰 丙戌', () => {
    expect(at(2008, 8, 8, 20, 0)).toBe('戊子 庚申 庚辰 丙戌');
  });

  it('casts 2000-01-01 00:00 as 己卯 丙子 戊午 壬子', () => {
    expect(at(2000, 1, 1, 0, 0)).toBe('己卯 丙子 戊午 壬子');
  });

  it('turns the year and the month at the minute of 立春 2024 (16:27:07)', () => {
    const liChun = termMoment(2024, 2);
    expect(names(minuteBefore(liChun)).slice(0, 5)).toBe('癸卯 乙丑');
    expect(names(minuteAfter(liChun)).slice(0, 5)).toBe('甲辰 丙寅');
  });

  it('turns the year exactly at the second of 立春, not at the lunar new year or January 1', () => {
    const liChun = termMoment(2024, 2);
    expect(names(liChun - 1).slice(0, 2)).toBe('癸卯');
    expect(names(liChun).slice(0, 2)).toBe('甲辰');
    // 2024-01-01 is still 癸卯; the lunar new year's eve (02-09), after 立春, is already 甲辰.
    expect(at(2024, 1, 1, 12, 0).slice(0, 2)).toBe('癸卯');
    expect(at(2024, 2, 9, 12, 0).slice(0, 2)).toBe('甲辰');
  });

  // The twelve 节 of 2023 and the month pillars on either side, from the 五虎遁 rule
  // (癸 year: 寅 month is 甲寅) continued through 甲辰 2024's 丙寅.
  const JIE_2023 = [
    [0, '壬子', '癸丑'],
    [2, '癸丑', '甲寅'],
    [4, '甲寅', '乙卯'],
    [6, '乙卯', '丙辰'],
    [8, '丙辰', '丁巳'],
    [10, '丁巳', '戊午'],
    [12, '戊午', '己未'],
    [14, '己未', '庚申'],
    [16, '庚申', '辛酉'],
    [18, '辛酉', '壬戌'],
    [20, '壬戌', '癸亥'],
    [22, '癸亥', '甲子'],
  ] as const;
  it.each(JIE_2023)('changes the month at 节 #%i of 2023 from %s to %s within a minute', (index, before, after) => {
    const jie = termMoment(2023, index);
    expect(names(minuteBefore(jie)).split(' ')[1]).toBe(before);
    expect(names(minuteAfter(jie)).split(' ')[1]).toBe(after);
  });

  it('ignores the 中气: the month is unchanged across 雨水', () => {
    const yuShui = termMoment(2023, 3);
    expect(names(yuShui - 60).split(' ')[1]).toBe(names(yuShui + 60).split(' ')[1]);
  });

  describe('the 子 hour around midnight of 1949-10-01 (a 甲子 day)', () => {
    const cases = [
      [22, 59, 1, '甲子 乙亥', '甲子 乙亥'],
      [23, 0, 1, '乙丑 丙子', '甲子 丙子'],
      [23, 59, 1, '乙丑 丙子', '甲子 丙子'],
      [0, 0, 2, '乙丑 丙子', '乙丑 丙子'],
      [0, 59, 2, '乙丑 丙子', '乙丑 丙子'],
      [1, 0, 2, '乙丑 丁丑', '乙丑 丁丑'],
    ] as const;
    it.each(cases)('%i:%i on October %i gives day-hour %s (23:00 rule) and %s (0:00 rule)', (h, mi, d, at23, at0) => {
      const m = momentFromParts(1949, 10, d, h, mi);
      expect(names(m, m, 'day-changes-at-23').slice(6)).toBe(at23);
      expect(names(m, m, 'day-changes-at-0').slice(6)).toBe(at0);
    });
  });

  it('reads day and hour from the local clock and year and month from the standard moment', () => {
    // Standard time just after 立春 2024; a local clock two hours behind (far west) is
    // still before 立春 on the wall, yet the birth is after it.
    const liChun = termMoment(2024, 2);
    const standard = minuteAfter(liChun);
    const local = standard - 2 * 3600;
    const [year, month, , hour] = names(standard, local).split(' ');
    expect([year, month]).toEqual(['甲辰', '丙寅']);
    expect(hour).toBe(names(local).split(' ')[3]);
  });

  it('handles 29 February: 2024-02-29 12:00 is 甲辰 丙寅 癸亥 戊午 (as in the 万年历)', () => {
    expect(at(2024, 2, 29, 12, 0)).toBe('甲辰 丙寅 癸亥 戊午');
    expect(at(2024, 3, 1, 12, 0).split(' ')[2]).toBe('甲子');
  });
});
