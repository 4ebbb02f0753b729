/**
 * Chinese lunar calendar by table lookup: month starts and leap months for lunar years
 * 1900-2100 (see ../data/lunar-calendar.gen.ts), so converting a date costs a few
 * array reads instead of a new-moon computation.
 */
import { LUNAR_FIRST_YEAR, LUNAR_YEARS_PACKED } from '../data/lunar-calendar.gen';
import { BaziInputError } from '../errors';
import { decodeLunarYear } from './lunar-year-codec';

export const LUNAR_TABLE_FIRST_YEAR = LUNAR_FIRST_YEAR;
export const LUNAR_TABLE_LAST_YEAR = LUNAR_FIRST_YEAR + LUNAR_YEARS_PACKED.length - 1;

export interface LunarMonthInfo {
  /** 1-12; a leap month carries the number of the month it repeats. */
  readonly month: number;
  readonly isLeap: boolean;
  /** 29 or 30. */
  readonly days: number;
  /** '正月' … '腊月', with '闰' in front of a leap month. */
  readonly name: string;
  /** Day number (days since 1970-01-01) of the month's first day. */
  readonly firstDay: number;
}

export interface LunarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly isLeapMonth: boolean;
  /** e.g. '农历一九九〇年四月十五', '农历二〇二三年闰二月初一'. */
  readonly text: string;
}

const MONTH_NAMES = ['正月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '冬月', '腊月'];
const DIGITS = '〇一二三四五六七八九';
const DAY_TENS = ['初', '十', '廿', '三'];
const DAY_UNITS = ['十', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

function monthName(month: number, isLeap: boolean): string {
  return (isLeap ? '闰' : '') + MONTH_NAMES[month - 1]!;
}

function dayName(day: number): string {
  if (day === 10) return '初十';
  if (day === 20) return '二十';
  if (day === 30) return '三十';
  return DAY_TENS[Math.floor(day / 10)]! + DAY_UNITS[day % 10]!;
}

function yearDigits(year: number): string {
  return [...String(year)].map((d) => DIGITS[Number(d)]).join('');
}

function buildYear(packed: number): readonly LunarMonthInfo[] {
  const record = decodeLunarYear(packed);
  let firstDay = record.firstDay;
  return Object.freeze(
    record.monthLengths.map((days, i) => {
      const isLeap = record.leapMonth > 0 && i === record.leapMonth;
      const month = record.leapMonth > 0 && i >= record.leapMonth ? i : i + 1;
      const info: LunarMonthInfo = Object.freeze({ month, isLeap, days, name: monthName(month, isLeap), firstDay });
      firstDay += days;
      return info;
    }),
  );
}

const YEARS: readonly (readonly LunarMonthInfo[])[] = LUNAR_YEARS_PACKED.map(buildYear);
const YEAR_FIRST_DAYS: readonly number[] = YEARS.map((months) => months[0]!.firstDay);
const TABLE_END_DAY = YEARS.at(-1)!.at(-1)!.firstDay + YEARS.at(-1)!.at(-1)!.days;

/** The months of a lunar year in order, a leap month right after its namesake. */
export function lunarYearMonths(year: number): readonly LunarMonthInfo[] {
  const months = YEARS[year - LUNAR_TABLE_FIRST_YEAR];
  if (!months) throw new RangeError(`lunar year ${year} is outside ${LUNAR_TABLE_FIRST_YEAR}-${LUNAR_TABLE_LAST_YEAR}`);
  return months;
}

/** Day number of a lunar date; throws BaziInputError when the date does not exist. */
export function lunarToDayNumber(year: number, month: number, day: number, isLeapMonth: boolean): number {
  const months = lunarYearMonths(year);
  const info = months.find((m) => m.month === month && m.isLeap === isLeapMonth);
  if (!info) {
    const leap = months.find((m) => m.isLeap);
    const hint = leap ? `（该年闰${MONTH_NAMES[leap.month - 1]}）` : '（该年没有闰月）';
    throw new BaziInputError('INVALID_LEAP_MONTH', `农历${year}年没有${monthName(month, true)}${hint}`, 'isLeapMonth');
  }
  if (day > info.days) {
    throw new BaziInputError('INVALID_DAY', `农历${year}年${info.name}只有${info.days}天，没有${day}日`, 'day');
  }
  return info.firstDay + day - 1;
}

/** The lunar date of a day number inside the table. */
export function lunarDateOfDay(dayNumber: number): LunarDate {
  if (dayNumber < YEAR_FIRST_DAYS[0]! || dayNumber >= TABLE_END_DAY) {
    throw new RangeError(`day ${dayNumber} is outside the lunar table`);
  }
  let lo = 0;
  let hi = YEAR_FIRST_DAYS.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (YEAR_FIRST_DAYS[mid]! <= dayNumber) lo = mid;
    else hi = mid - 1;
  }
  const months = YEARS[lo]!;
  let m = months.length - 1;
  while (months[m]!.firstDay > dayNumber) m--;
  const info = months[m]!;
  const year = LUNAR_TABLE_FIRST_YEAR + lo;
  const day = dayNumber - info.firstDay + 1;
  return { year, month: info.month, day, isLeapMonth: info.isLeap, text: `农历${yearDigits(year)}年${info.name}${dayName(day)}` };
}
