/**
 * The four pillars as sixty-cycle indices.
 *
 * Year and month follow the Sun, so they are read from the absolute birth moment
 * (Beijing standard time) against the term table: the year turns at the exact second
 * of 立春 and the month at the exact second of each 节. Day and hour follow the local
 * clock (standard or true solar time), so they are read from `local`.
 */
import { dayNumberOf, SECONDS_PER_DAY, type Moment } from '../calendar/moment';
import { mod } from '../ganzhi/sexagenary';
import { termIndexAtOrBefore } from '../terms/solar-terms';

/**
 * When the day pillar turns over in the 子 hour.
 * - 'day-changes-at-23': the day starts at 23:00 (子初换日), the classical rule and the
 *   default of tyme4ts.
 * - 'day-changes-at-0': 23:00-23:59 keeps the current day (夜子时 / 晚子时), as in
 *   lunar-javascript's default sect 2.
 * In both the hour pillar of 23:00-23:59 is the next day's 子 hour, because the hours
 * form one unbroken sixty-cycle.
 */
export type ZiHourRule = 'day-changes-at-23' | 'day-changes-at-0';

export interface FourPillarIndices {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
}

/** 1970-01-01 was a 辛巳 day. */
const DAY_GAN_ZHI_AT_EPOCH = 17;
/** The table starts with 小寒 1900, inside the 丁丑 month of the 己亥 year. */
const MONTH_GAN_ZHI_AT_FIRST_JIE = 13;
/** 立春 1900, the first 节 after the table start, opened the 庚子 year. */
const YEAR_GAN_ZHI_AT_FIRST_LI_CHUN = 36;

export function dayGanZhiOf(dayNumber: number): number {
  return mod(DAY_GAN_ZHI_AT_EPOCH + dayNumber, 60);
}

/** Number of 节 (month-opening terms) since 小寒 1900 that have begun at `standard`. */
export function jieCountAt(standard: Moment): number {
  const termIndex = termIndexAtOrBefore(standard);
  if (termIndex < 0) throw new RangeError('moment before the solar-term table');
  return termIndex >> 1;
}

export function fourPillars(standard: Moment, local: Moment, ziHourRule: ZiHourRule): FourPillarIndices {
  // Every 节 advances the month pillar by one, and every twelfth one (立春) the year.
  const jie = jieCountAt(standard);
  const month = mod(MONTH_GAN_ZHI_AT_FIRST_JIE + jie, 60);
  const year = mod(YEAR_GAN_ZHI_AT_FIRST_LI_CHUN + Math.floor((jie - 1) / 12), 60);

  const dayNumber = dayNumberOf(local);
  const hourOfDay = Math.floor((local - dayNumber * SECONDS_PER_DAY) / 3600);
  const branch = ((hourOfDay + 1) >> 1) % 12;
  // The 子 hour starting at 23:00 belongs to the next day's run of twelve hours.
  const hourDay = dayGanZhiOf(hourOfDay === 23 ? dayNumber + 1 : dayNumber);
  const hour = ((hourDay % 10) % 5) * 12 + branch;
  const day = ziHourRule === 'day-changes-at-23' ? hourDay : dayGanZhiOf(dayNumber);
  return { year, month, day, hour };
}
