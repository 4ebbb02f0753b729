/**
 * The calculator's input and its validation. Nothing is ever shifted or clamped: an
 * impossible date or time throws a BaziInputError naming what is wrong.
 */
import { civilFromDays, daysInMonth, type CivilDate } from '../calendar/civil-date';
import type { Gender } from '../chart/chart-types';
import { resolveOptions, type BaziOptions } from '../chart/options';
import { BaziInputError } from '../errors';
import { lunarToDayNumber } from '../lunar/lunar-calendar';
import { parseBirthPlace, type Place } from '../places/places';

export type CalendarType = 'solar' | 'lunar';

/** Birth years accepted for both calendars; the tables reach a year further each way. */
export const SUPPORTED_YEARS = Object.freeze({ min: 1901, max: 2099 });

export interface BaziInput {
  readonly calendar: CalendarType;
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** Ignored (and may be left out) when `hourUnknown` is true. */
  readonly hour?: number;
  readonly minute?: number;
  /** The user does not know the birth hour: three pillars, the moment taken at 12:00. */
  readonly hourUnknown?: boolean;
  /** Lunar dates only: the month is the leap (闰) month. */
  readonly isLeapMonth?: boolean;
  readonly gender: Gender;
  /** '广东深圳' style (see places.ts) or the parts. */
  readonly birthPlace: string | { readonly province: string; readonly city: string };
  readonly options?: Partial<BaziOptions>;
  /**
   * Carry the timeline: each luck cycle's 流年 (liu_nian), and the focus year's 流月 and its luck relations. Implied
   * by liuYueYear. Off by default: it is the part of a chart that depends on today's date (ADR 021).
   */
  readonly timeline?: boolean;
  /** The year whose 流月 and luck-cycle relations the timeline carries; the current year when left out. */
  readonly liuYueYear?: number;
}

export interface ValidatedBirth {
  readonly calendar: CalendarType;
  /** The Gregorian date of birth (converted when the input was lunar). */
  readonly solarDate: CivilDate;
  readonly hour: number;
  readonly minute: number;
  readonly hourUnknown: boolean;
  readonly gender: Gender;
  readonly place: Place;
  readonly options: BaziOptions;
  readonly timeline: boolean;
  readonly liuYueYear: number | undefined;
}

/** Hour and minute a chart with an unknown birth hour is cast at: noon, the middle of the day. */
export const UNKNOWN_HOUR_CLOCK = Object.freeze({ hour: 12, minute: 0 });

function requireInteger(value: unknown, label: string, field: string): number {
  if (value === undefined || value === null) throw new BaziInputError('INVALID_NUMBER', `请选择${label}`, field);
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new BaziInputError('INVALID_NUMBER', `${label}必须是整数`, field);
  }
  return value;
}

function requireRange(value: number, min: number, max: number, code: BaziInputError['code'], message: string, field: string) {
  if (value < min || value > max) throw new BaziInputError(code, message, field);
}

function resolvePlace(birthPlace: unknown): Place {
  let text = '';
  if (typeof birthPlace === 'string') text = birthPlace;
  else if (typeof birthPlace === 'object' && birthPlace !== null) {
    const { province, city } = birthPlace as { province?: unknown; city?: unknown };
    if (typeof province === 'string' && typeof city === 'string') text = `${province}/${city}`;
  }
  if (text.trim() === '') throw new BaziInputError('INVALID_PLACE', '请选择出生地', 'birth_place');
  const place = parseBirthPlace(text);
  if (!place) throw new BaziInputError('INVALID_PLACE', `未找到出生地“${text}”，请从列表中选择省份和城市`, 'birth_place');
  return place;
}

export function validateBirthInput(input: BaziInput): ValidatedBirth {
  if (typeof input !== 'object' || input === null) throw new BaziInputError('INVALID_REQUEST', '排盘参数缺失');
  const { calendar, gender } = input;
  if (calendar !== 'solar' && calendar !== 'lunar') {
    throw new BaziInputError('INVALID_CALENDAR', '历法只能是公历（solar）或农历（lunar）', 'calendarType');
  }
  if (gender !== 'male' && gender !== 'female') {
    throw new BaziInputError('INVALID_GENDER', '性别只能是男（male）或女（female）', 'gender');
  }
  const year = requireInteger(input.year, '年份', 'year');
  const month = requireInteger(input.month, '月份', 'month');
  const day = requireInteger(input.day, '日期', 'day');
  if (input.hourUnknown !== undefined && typeof input.hourUnknown !== 'boolean') {
    throw new BaziInputError('INVALID_REQUEST', '“时辰不详”标记必须是 true 或 false', 'hourUnknown');
  }
  const hourUnknown = input.hourUnknown === true;
  const hour = hourUnknown ? UNKNOWN_HOUR_CLOCK.hour : requireInteger(input.hour, '小时', 'hour');
  const minute = hourUnknown ? UNKNOWN_HOUR_CLOCK.minute : requireInteger(input.minute, '分钟', 'minute');
  const { min, max } = SUPPORTED_YEARS;
  requireRange(year, min, max, 'YEAR_OUT_OF_RANGE', `仅支持${min}年至${max}年出生的排盘，${year}年超出范围`, 'year');
  requireRange(month, 1, 12, 'INVALID_MONTH', `月份必须在1到12之间，收到${month}`, 'month');
  requireRange(hour, 0, 23, 'INVALID_HOUR', `小时必须在0到23之间，收到${hour}`, 'hour');
  requireRange(minute, 0, 59, 'INVALID_MINUTE', `分钟必须在0到59之间，收到${minute}`, 'minute');
  const liuYueYear = input.liuYueYear === undefined ? undefined : requireInteger(input.liuYueYear, '流月年份', 'liu_yue_year');
  if (liuYueYear !== undefined) {
    requireRange(liuYueYear, min, max, 'YEAR_OUT_OF_RANGE', `流月年份必须在${min}年至${max}年之间，收到${liuYueYear}`, 'liu_yue_year');
  }
  if (input.isLeapMonth !== undefined && typeof input.isLeapMonth !== 'boolean') {
    throw new BaziInputError('INVALID_LEAP_MONTH', '闰月标记必须是 true 或 false', 'isLeapMonth');
  }
  const isLeapMonth = input.isLeapMonth === true;

  let solarDate: CivilDate;
  if (calendar === 'solar') {
    if (isLeapMonth) throw new BaziInputError('INVALID_LEAP_MONTH', '公历日期没有闰月，请取消“闰月”', 'isLeapMonth');
    requireRange(day, 1, 31, 'INVALID_DAY', `日期必须在1到31之间，收到${day}`, 'day');
    if (day > daysInMonth(year, month)) throw new BaziInputError('INVALID_DAY', `${year}年${month}月没有${day}日`, 'day');
    solarDate = { year, month, day };
  } else {
    requireRange(day, 1, 30, 'INVALID_DAY', `农历日期必须在1到30之间，收到${day}`, 'day');
    solarDate = civilFromDays(lunarToDayNumber(year, month, day, isLeapMonth));
  }

  return {
    calendar,
    solarDate,
    hour,
    minute,
    hourUnknown,
    gender,
    place: resolvePlace(input.birthPlace),
    options: resolveOptions(input.options),
    timeline: input.timeline === true || liuYueYear !== undefined,
    liuYueYear,
  };
}
