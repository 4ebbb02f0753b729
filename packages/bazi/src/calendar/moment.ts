import { civilFromDays, daysFromCivil } from './civil-date';

/**
 * A moment is an integer count of seconds since 1970-01-01 00:00:00 on a UTC+8 wall
 * clock (Beijing standard time). With the offset baked in, the day and hour
 * boundaries of the Chinese calendar are plain integer divisions.
 */
export type Moment = number;

export const SECONDS_PER_DAY = 86400;

export interface DateTimeParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

export function momentFromParts(year: number, month: number, day: number, hour: number, minute: number, second = 0): Moment {
  return daysFromCivil(year, month, day) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second;
}

export function dayNumberOf(moment: Moment): number {
  return Math.floor(moment / SECONDS_PER_DAY);
}

export function partsFromMoment(moment: Moment): DateTimeParts {
  const days = dayNumberOf(moment);
  const date = civilFromDays(days);
  let rest = moment - days * SECONDS_PER_DAY;
  const hour = Math.floor(rest / 3600);
  rest -= hour * 3600;
  const minute = Math.floor(rest / 60);
  return { year: date.year, month: date.month, day: date.day, hour, minute, second: rest - minute * 60 };
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** 'YYYY-MM-DD', the format of every date in the chart. */
export function formatDate(year: number, month: number, day: number): string {
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** 'YYYY-MM-DD HH:mm:ss', the format of every date-time in the chart. */
export function formatMoment(moment: Moment): string {
  const p = partsFromMoment(moment);
  return `${formatDate(p.year, p.month, p.day)} ${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}`;
}
