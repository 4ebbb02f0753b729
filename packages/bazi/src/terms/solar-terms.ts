/**
 * The solar-term table at runtime: every term of 1900-2101 as a Beijing-time moment,
 * decoded once at import. Lookups are binary searches over 4,848 sorted numbers,
 * which is what makes a full chart cost microseconds instead of recomputing a year
 * of terms per chart as the almanac libraries do.
 */
import type { Moment } from '../calendar/moment';
import { SOLAR_TERMS_ENCODED } from '../data/solar-terms.gen';
import { decodeSolarTerms } from './solar-term-codec';
import { SOLAR_TERM_NAMES, TERMS_PER_YEAR, type SolarTermName } from './term-names';

const MOMENTS = decodeSolarTerms(SOLAR_TERMS_ENCODED);

export const TERM_TABLE_FIRST_YEAR = SOLAR_TERMS_ENCODED.firstYear;
export const TERM_TABLE_LAST_YEAR = TERM_TABLE_FIRST_YEAR + SOLAR_TERMS_ENCODED.residuals.length - 1;
/** Number of terms in the table; a term's position in it is its "global index". */
export const TERM_COUNT = MOMENTS.length;

export interface SolarTerm {
  readonly name: SolarTermName;
  /** Global index: (year - first table year) * 24 + index in the year (小寒 = 0). */
  readonly index: number;
  readonly moment: Moment;
}

export function termMomentAt(globalIndex: number): Moment {
  const moment = MOMENTS[globalIndex];
  if (moment === undefined) throw new RangeError(`solar term ${globalIndex} is outside the table`);
  return moment;
}

export function solarTermAt(globalIndex: number): SolarTerm {
  return { name: SOLAR_TERM_NAMES[globalIndex % TERMS_PER_YEAR]!, index: globalIndex, moment: termMomentAt(globalIndex) };
}

/** The moment of a named term (0 = 小寒 … 23 = 冬至) in a Gregorian year. */
export function termMoment(year: number, indexInYear: number): Moment {
  return termMomentAt((year - TERM_TABLE_FIRST_YEAR) * TERMS_PER_YEAR + indexInYear);
}

/**
 * Global index of the last term that has begun at `moment` (a term begins at its exact
 * second, so a birth on that second already belongs to it); -1 before the table.
 */
export function termIndexAtOrBefore(moment: Moment): number {
  let lo = 0;
  let hi = MOMENTS.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (MOMENTS[mid]! <= moment) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
