/**
 * What the Bazi input form needs to offer only valid choices: the day count of a
 * Gregorian month and the months (with the leap month and each month's length) of a
 * lunar year.
 */
import { daysInMonth } from '../calendar/civil-date';
import { BaziInputError } from '../errors';
import { lunarYearMonths } from '../lunar/lunar-calendar';
import { SUPPORTED_YEARS } from './birth-input';

export interface LunarMonthOption {
  readonly month: number;
  readonly isLeap: boolean;
  readonly days: number;
  /** '正月' … '腊月', '闰二月'. */
  readonly name: string;
}

function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < SUPPORTED_YEARS.min || year > SUPPORTED_YEARS.max) {
    throw new BaziInputError('YEAR_OUT_OF_RANGE', `仅支持${SUPPORTED_YEARS.min}年至${SUPPORTED_YEARS.max}年`, 'year');
  }
}

export function daysInSolarMonth(year: number, month: number): number {
  checkYear(year);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new BaziInputError('INVALID_MONTH', '月份必须在1到12之间', 'month');
  return daysInMonth(year, month);
}

/** The lunar months of a lunar year in order, e.g. 2023: 正月 … 二月, 闰二月 (29 days), 三月 …. */
export function lunarMonthsOfYear(year: number): readonly LunarMonthOption[] {
  checkYear(year);
  return lunarYearMonths(year).map(({ month, isLeap, days, name }) => ({ month, isLeap, days, name }));
}

/** Days of one lunar month, or null when the year has no such (leap) month. */
export function daysInLunarMonth(year: number, month: number, isLeap: boolean): number | null {
  return lunarMonthsOfYear(year).find((m) => m.month === month && m.isLeap === isLeap)?.days ?? null;
}
