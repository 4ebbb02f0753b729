/**
 * Solar-term moments from the full VSOP87 theory (astronomia 4.2.0): apparent
 * geocentric longitude of date with FK5 correction, IAU 1980 nutation and
 * aberration, then TT → UT with astronomia's ΔT and UT → Beijing time.
 * Used only by the generator; runtime code never loads the 2 MB of VSOP87 data.
 */
import { deltat, planetposition, solar } from 'astronomia';
import vsop87Bearth from 'astronomia/data/vsop87Bearth';
import { daysFromCivil } from '../src/calendar/civil-date';
import { termLongitudeDegrees } from '../src/terms/term-names';

const earth = new planetposition.Planet(vsop87Bearth);
const TWO_PI = 2 * Math.PI;
/** Mean tropical year in days divided by 2π: days the Sun needs per radian. */
const DAYS_PER_RADIAN = 365.2422 / TWO_PI;
const JD_UNIX_EPOCH = 2440587.5;

function wrapToPi(angle: number): number {
  return angle - TWO_PI * Math.floor((angle + Math.PI) / TWO_PI);
}

/** JDE (TT) at which the Sun's apparent longitude reaches the term's longitude in `year`. */
export function termJde(year: number, indexInYear: number): number {
  const target = (termLongitudeDegrees(indexInYear) * Math.PI) / 180;
  // 小寒 falls on Jan 5-7 and the terms are ~15.22 days apart; Newton steps fix the rest.
  let jde = JD_UNIX_EPOCH + daysFromCivil(year, 1, 6) + indexInYear * 15.2184;
  for (let i = 0; i < 30; i++) {
    const step = wrapToPi(target - solar.apparentVSOP87(earth, jde).lon) * DAYS_PER_RADIAN;
    jde += step;
    if (Math.abs(step) < 1e-8) return jde;
  }
  throw new Error(`no convergence for term ${indexInYear} of ${year}`);
}

/** Whole seconds on the Beijing (UTC+8) clock since 1970-01-01, from a JDE. */
export function jdeToBeijingSeconds(jde: number): number {
  const decimalYear = 2000 + (jde - 2451545) / 365.25;
  const jdUt = jde - deltat.deltaT(decimalYear) / 86400;
  return Math.round((jdUt - JD_UNIX_EPOCH) * 86400 + 8 * 3600);
}
