/**
 * China's daylight-saving time, 1986-1991 (State Council rule: from 02:00 on the first
 * Sunday of mid-April to 02:00 DST on the first Sunday of mid-September; 1986 began on
 * May 4). The dates match the IANA tz database (Asia/Shanghai) since release 2018f,
 * which corrected 1988's start to April 17 from the rule and the 1988 notice. Many
 * Chinese almanac sites still print April 10 for 1988, a date copied from the earlier,
 * wrong tz rule "Sun>=10"; April 10 was not yet mid-April (中旬 starts on the 11th).
 *
 * At the start the clock jumped 02:00 → 03:00, so 02:00-02:59 never existed; at the
 * end it fell back 02:00 → 01:00, so 01:00-01:59 happened twice.
 */
import { daysFromCivil } from '../calendar/civil-date';
import { SECONDS_PER_DAY, type Moment } from '../calendar/moment';

interface DstPeriod {
  readonly year: number;
  /** [month, day] of the Sunday on which DST began at 02:00 standard time. */
  readonly start: readonly [number, number];
  /** [month, day] of the Sunday on which DST ended at 02:00 daylight time. */
  readonly end: readonly [number, number];
}

export const CHINA_DST_PERIODS: readonly DstPeriod[] = [
  { year: 1986, start: [5, 4], end: [9, 14] },
  { year: 1987, start: [4, 12], end: [9, 13] },
  { year: 1988, start: [4, 17], end: [9, 11] },
  { year: 1989, start: [4, 16], end: [9, 17] },
  { year: 1990, start: [4, 15], end: [9, 16] },
  { year: 1991, start: [4, 14], end: [9, 15] },
];

/**
 * Summer time was a mainland measure: Hong Kong, Macau and Taiwan kept standard time in
 * 1986-1991 (their own earlier summer times, last in 1979-1980, are not modelled).
 */
export const DST_EXEMPT_PROVINCES: ReadonlySet<string> = new Set(['香港', '澳门', '台湾']);

/**
 * - 'standard': the wall clock showed Beijing standard time.
 * - 'daylight': the wall clock was one hour ahead.
 * - 'ambiguous': 01:00-01:59 on the last day, shown first in daylight then in standard time.
 * - 'nonexistent': 02:00-02:59 on the first day, skipped by the clocks.
 */
export type DstStatus = 'standard' | 'daylight' | 'ambiguous' | 'nonexistent';

/** Daylight time was standard time plus one hour. */
export const DST_OFFSET_SECONDS = 3600;
const HOUR = DST_OFFSET_SECONDS;

const BOUNDARIES = CHINA_DST_PERIODS.map((period) => ({
  year: period.year,
  // Wall-clock moments: the gap is [02:00, 03:00) on the start day and the repeated
  // hour [01:00, 02:00) on the end day.
  gapStart: daysFromCivil(period.year, period.start[0], period.start[1]) * SECONDS_PER_DAY + 2 * HOUR,
  repeatStart: daysFromCivil(period.year, period.end[0], period.end[1]) * SECONDS_PER_DAY + HOUR,
}));

/** How a wall-clock reading in mainland China relates to standard time. */
export function dstStatusOf(wallClock: Moment): DstStatus {
  for (const b of BOUNDARIES) {
    if (wallClock < b.gapStart || wallClock >= b.repeatStart + HOUR) continue;
    if (wallClock < b.gapStart + HOUR) return 'nonexistent';
    return wallClock < b.repeatStart ? 'daylight' : 'ambiguous';
  }
  return 'standard';
}
