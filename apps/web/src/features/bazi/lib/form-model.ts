import { daysInLunarMonth, daysInSolarMonth, formatBirthPlace, lunarMonthsOfYear, SUPPORTED_YEARS } from '@lingxi/bazi';
import type { BaziRequest } from '@lingxi/shared';

export type ZiHourRule = 'day-changes-at-23' | 'day-changes-at-0';
export type AgeReckoning = 'xu' | 'zhou';

/** What the input form holds; undefined where the user cleared a field (the submit then names it). */
export interface BaziFormValues {
  gender?: 'male' | 'female';
  calendarType?: 'solar' | 'lunar';
  province?: string;
  city?: string;
  year?: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  isLeapMonth: boolean;
  /** The user does not know the hour: three pillars (hour and minute are then ignored). */
  hourUnknown: boolean;
  /** The chart's own name ('我', '妈妈'); optional. */
  name?: string;
  trueSolarTime: boolean;
  ziHourRule: ZiHourRule;
  ageReckoning: AgeReckoning;
  dstCorrection: boolean;
}

export const DEFAULT_PROVINCE = '北京';
export const DEFAULT_CITY = '北京';
export const YEAR_CHOICES = 100;
/**
 * The year the form starts at when none was used before: most people cast a chart of an adult, and a list that opens
 * at the current year made them scroll back decades (issue #15).
 */
export const DEFAULT_BIRTH_YEAR = 1990;

/**
 * Spec §3 Bazi form defaults: male, solar, 北京/北京 and the current date and time, except the year, which is the last
 * year the user cast a chart for, else 1990 (issue #15), when it is among the choices.
 */
export function defaultFormValues(now: Date = new Date(), lastYear: number | null = null): BaziFormValues {
  const years = yearChoices(now);
  const year =
    lastYear !== null && years.includes(lastYear) ? lastYear : years.includes(DEFAULT_BIRTH_YEAR) ? DEFAULT_BIRTH_YEAR : now.getFullYear();
  return {
    gender: 'male',
    calendarType: 'solar',
    province: DEFAULT_PROVINCE,
    city: DEFAULT_CITY,
    year,
    month: now.getMonth() + 1,
    day: now.getDate(),
    hour: now.getHours(),
    minute: now.getMinutes(),
    isLeapMonth: false,
    hourUnknown: false,
    trueSolarTime: false,
    ziHourRule: 'day-changes-at-23',
    ageReckoning: 'xu',
    dstCorrection: true,
  };
}

const inSupportedRange = (year: number) => year >= SUPPORTED_YEARS.min && year <= SUPPORTED_YEARS.max;

/** The last 100 years counting from the current one, newest first. */
export function yearChoices(now: Date = new Date()): number[] {
  const current = now.getFullYear();
  return Array.from({ length: YEAR_CHOICES }, (_, i) => current - i).filter(inSupportedRange);
}

const LUNAR_MONTH_NAMES = ['正月', '二月', '三月', '四月', '五月', '六月', '七月', '八月', '九月', '十月', '冬月', '腊月'];
const LUNAR_DAY_TENS = ['初', '十', '廿', '三'];
const DIGITS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

export const lunarMonthName = (month: number) => LUNAR_MONTH_NAMES[month - 1] ?? `${month}月`;

/** 初一 … 初十, 十一 … 二十, 廿一 … 三十. */
export function lunarDayName(day: number): string {
  if (day === 10) return '初十';
  if (day === 20) return '二十';
  if (day === 30) return '三十';
  return `${LUNAR_DAY_TENS[Math.floor(day / 10)]}${DIGITS[day % 10]}`;
}

/** The leap month of a lunar year (e.g. 4 for 2020), or null; null too for a year the calculator does not cover. */
export function leapMonthOf(year: number | undefined): number | null {
  if (year === undefined || !inSupportedRange(year)) return null;
  return lunarMonthsOfYear(year).find((m) => m.isLeap)?.month ?? null;
}

/** The leap box only makes sense for a lunar date in the one month that has a leap twin that year. */
export function canBeLeap(v: Pick<BaziFormValues, 'calendarType' | 'year' | 'month'>): boolean {
  return v.calendarType === 'lunar' && v.month !== undefined && leapMonthOf(v.year) === v.month;
}

/** How many days the chosen month has: by month and leap year (solar), or the lunar month's 29 or 30. */
export function daysInChosenMonth(v: Pick<BaziFormValues, 'calendarType' | 'year' | 'month' | 'isLeapMonth'>): number {
  if (v.year === undefined || v.month === undefined || !inSupportedRange(v.year)) return v.calendarType === 'lunar' ? 30 : 31;
  if (v.calendarType === 'lunar') return daysInLunarMonth(v.year, v.month, v.isLeapMonth && canBeLeap(v)) ?? 30;
  return daysInSolarMonth(v.year, v.month);
}

export interface Choice {
  value: number;
  label: string;
}

const two = (n: number) => String(n).padStart(2, '0');

export function monthChoices(calendarType: BaziFormValues['calendarType']): Choice[] {
  return Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: calendarType === 'lunar' ? lunarMonthName(i + 1) : `${i + 1}月` }));
}

export function dayChoices(v: Pick<BaziFormValues, 'calendarType' | 'year' | 'month' | 'isLeapMonth'>): Choice[] {
  const lunar = v.calendarType === 'lunar';
  return Array.from({ length: daysInChosenMonth(v) }, (_, i) => ({ value: i + 1, label: lunar ? lunarDayName(i + 1) : `${i + 1}日` }));
}

const SHI_CHEN = '子丑寅卯辰巳午未申酉戌亥';
/** 23:00–00:59 is 子时, then one branch per two hours. */
export const shiChen = (hour: number) => `${SHI_CHEN[Math.floor(((hour + 1) % 24) / 2)]}时`;

export const hourChoices: Choice[] = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${two(h)}时 · ${shiChen(h)}` }));
export const minuteChoices: Choice[] = Array.from({ length: 60 }, (_, m) => ({ value: m, label: `${two(m)}分` }));

/**
 * Fields that no longer fit after a change: the city of another province, a day past the month's end, a leap flag
 * on a month without a leap twin (or on a solar date). Returns only what must change.
 */
export function reconcile(changed: Partial<BaziFormValues>, all: BaziFormValues): Partial<BaziFormValues> {
  const patch: Partial<BaziFormValues> = {};
  if ('province' in changed) patch.city = undefined;
  const next = { ...all, ...patch };
  if (next.isLeapMonth && !canBeLeap(next)) patch.isLeapMonth = false;
  const leap = patch.isLeapMonth ?? next.isLeapMonth;
  if (next.day !== undefined && next.day > daysInChosenMonth({ ...next, isLeapMonth: leap })) patch.day = undefined;
  return patch;
}

/** The spec's request: 2-digit strings, the joined birth place and the option flags. */
export function toRequest(
  v: Required<Omit<BaziFormValues, 'name' | 'hour' | 'minute'>> & Pick<BaziFormValues, 'name' | 'hour' | 'minute'>,
): BaziRequest {
  const name = v.name?.trim();
  const time = v.hourUnknown ? { hourUnknown: true } : { hour: two(v.hour ?? 0), minute: two(v.minute ?? 0) };
  return {
    year: String(v.year),
    month: two(v.month),
    day: two(v.day),
    ...time,
    ...(name ? { name } : {}),
    isLeapMonth: v.calendarType === 'lunar' && v.isLeapMonth,
    gender: v.gender,
    calendarType: v.calendarType,
    birth_place: formatBirthPlace(v.province, v.city),
    ziHourRule: v.ziHourRule,
    ageReckoning: v.ageReckoning,
    dstCorrection: v.dstCorrection,
    trueSolarTime: v.trueSolarTime,
  };
}

const LAST_YEAR_KEY = 'lingxi-bazi-last-year';

/** The birth year of the user's last chart, so the form opens there next time. */
export function readLastYear(): number | null {
  try {
    const year = Number(localStorage.getItem(LAST_YEAR_KEY));
    return Number.isInteger(year) && year > 0 ? year : null;
  } catch {
    return null;
  }
}

export function rememberYear(year: number): void {
  try {
    localStorage.setItem(LAST_YEAR_KEY, String(year));
  } catch {
    // Private mode: the form opens at 1990 next time.
  }
}
