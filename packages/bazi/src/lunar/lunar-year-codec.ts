/**
 * One lunar year packed into one integer:
 *   (day number of 正月初一 − BASE_DAY) · 2^17 + leap month · 2^13 + month-length bits
 * where bit i (from the lowest) is set when the i-th month of the year, counting a leap
 * month in its place, has 30 days instead of 29. Products stay below 2^35, so plain
 * arithmetic is exact in JavaScript numbers.
 */
import { daysFromCivil } from '../calendar/civil-date';

export const BASE_DAY = daysFromCivil(1900, 1, 1);
const YEAR_SHIFT = 2 ** 17;
const LEAP_SHIFT = 2 ** 13;

export interface LunarYearRecord {
  /** Day number (days since 1970-01-01) of 正月初一. */
  readonly firstDay: number;
  /** 0 when the year has no leap month, else the month it repeats (闰四月 → 4). */
  readonly leapMonth: number;
  /** Days of each month in calendar order, a leap month right after its namesake. */
  readonly monthLengths: readonly number[];
}

export function encodeLunarYear(record: LunarYearRecord): number {
  let bits = 0;
  record.monthLengths.forEach((length, i) => {
    if (length !== 29 && length !== 30) throw new RangeError(`month of ${length} days`);
    if (length === 30) bits |= 1 << i;
  });
  return (record.firstDay - BASE_DAY) * YEAR_SHIFT + record.leapMonth * LEAP_SHIFT + bits;
}

export function decodeLunarYear(packed: number): LunarYearRecord {
  const offset = Math.floor(packed / YEAR_SHIFT);
  const low = packed - offset * YEAR_SHIFT;
  const leapMonth = Math.floor(low / LEAP_SHIFT);
  const bits = low - leapMonth * LEAP_SHIFT;
  const count = leapMonth === 0 ? 12 : 13;
  const monthLengths: number[] = [];
  for (let i = 0; i < count; i++) monthLengths.push(bits & (1 << i) ? 30 : 29);
  return { firstDay: offset + BASE_DAY, leapMonth, monthLengths };
}
