/**
 * When the luck cycles start (起运).
 *
 * Direction: a yang year stem for a man or a yin one for a woman counts forwards to the
 * next 节 (阳男阴女顺排); the other two count backwards to the previous 节. The year
 * stem is the 立春-based one of the year pillar.
 *
 * Length: three days of real time between birth and that 节 make one year of life, so
 * one day = 4 months, one 时辰 (2 h) = 10 days, one minute = 2 hours and one second =
 * 2 minutes. The term table is exact to the second, so the start is exact to the
 * minute: years, months (of 30 days), days, hours and minutes are added to the birth
 * moment, months before days, and a day past the month's end runs into the next month.
 */
import { addYearsMonthsDays } from '../calendar/civil-date';
import { partsFromMoment, SECONDS_PER_DAY, type Moment } from '../calendar/moment';
import type { Gender } from '../chart/chart-types';
import { solarTermAt, termIndexAtOrBefore, type SolarTerm } from '../terms/solar-terms';

export interface QiYunSpan {
  readonly forward: boolean;
  readonly years: number;
  readonly months: number;
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  /** Start of the first luck cycle, Beijing standard time. */
  readonly start: Moment;
  /** The 节 the span was measured to or from. */
  readonly term: SolarTerm;
}

/** Real seconds per unit of life: 3 days per year, 6 h per month, 12 min per day, 30 s per hour. */
const SECONDS_PER_YEAR_OF_LIFE = 259200;
const SECONDS_PER_MONTH_OF_LIFE = 21600;
const SECONDS_PER_DAY_OF_LIFE = 720;
const SECONDS_PER_HOUR_OF_LIFE = 30;

export function isForward(yearGanZhi: number, gender: Gender): boolean {
  const yangYear = yearGanZhi % 2 === 0;
  return yangYear === (gender === 'male');
}

export function qiYunSpan(birth: Moment, yearGanZhi: number, gender: Gender): QiYunSpan {
  const forward = isForward(yearGanZhi, gender);
  const current = termIndexAtOrBefore(birth);
  const previousJie = current - (current % 2);
  const term = solarTermAt(forward ? previousJie + 2 : previousJie);
  let rest = Math.abs(term.moment - birth);
  const years = Math.floor(rest / SECONDS_PER_YEAR_OF_LIFE);
  rest -= years * SECONDS_PER_YEAR_OF_LIFE;
  const months = Math.floor(rest / SECONDS_PER_MONTH_OF_LIFE);
  rest -= months * SECONDS_PER_MONTH_OF_LIFE;
  const days = Math.floor(rest / SECONDS_PER_DAY_OF_LIFE);
  rest -= days * SECONDS_PER_DAY_OF_LIFE;
  const hours = Math.floor(rest / SECONDS_PER_HOUR_OF_LIFE);
  const minutes = (rest - hours * SECONDS_PER_HOUR_OF_LIFE) * 2;

  const b = partsFromMoment(birth);
  const start =
    addYearsMonthsDays(b, years, months, days) * SECONDS_PER_DAY + (b.hour + hours) * 3600 + (b.minute + minutes) * 60 + b.second;
  return { forward, years, months, days, hours, minutes, start, term };
}
