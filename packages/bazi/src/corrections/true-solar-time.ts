/**
 * True (apparent) solar time at a longitude: Beijing standard time shifted by 4 minutes
 * per degree east of 120°E, plus the equation of time, the few minutes by which the
 * real Sun runs ahead of (+) or behind (−) the mean Sun on that date (+16 min early
 * November, −14 min mid February).
 *
 * The equation of time uses Meeus, Astronomical Algorithms ch. 25 (solar position,
 * low accuracy), ch. 22 (nutation) and eq. 28.1. It stays within a few seconds of the
 * full VSOP87 value (checked in corrections.test.ts), far below the one-minute
 * resolution of a birth time, and needs no data tables in the browser.
 */
import type { Moment } from '../calendar/moment';

const DEG = Math.PI / 180;
/** Julian day of 1970-01-01 00:00 UTC. */
const JD_UNIX_EPOCH = 2440587.5;
const BEIJING_OFFSET_SECONDS = 8 * 3600;
const STANDARD_MERIDIAN = 120;

const sinDeg = (x: number) => Math.sin(x * DEG);
const cosDeg = (x: number) => Math.cos(x * DEG);

/** Apparent minus mean solar time at a moment, in seconds. */
export function equationOfTimeSeconds(moment: Moment): number {
  // ΔT (about a minute) moves the result by hundredths of a second, so UT stands in for TT.
  const jd = JD_UNIX_EPOCH + (moment - BEIJING_OFFSET_SECONDS) / 86400;
  const t = (jd - 2451545) / 36525;
  const tau = t / 10;
  // Mean longitude of the Sun referred to the mean equinox of date (eq. 28.2).
  const l0 = 280.4664567 + tau * (360007.6982779 + tau * (0.03032028 + tau * (1 / 49931 - tau * (1 / 15300 + tau / 2e6))));
  const m = 357.52911 + t * (35999.05029 - 0.0001537 * t);
  const center =
    (1.914602 - t * (0.004817 + 0.000014 * t)) * sinDeg(m) + (0.019993 - 0.000101 * t) * sinDeg(2 * m) + 0.000289 * sinDeg(3 * m);
  const trueLongitude = 280.46646 + t * (36000.76983 + 0.0003032 * t) + center;
  const omega = 125.04452 - 1934.136261 * t;
  const moonLongitude = 218.3165 + 481267.8813 * t;
  const sunMeanLongitude = 280.4665 + 36000.7698 * t;
  // Nutation in longitude and obliquity, arcseconds (ch. 22, terms above 0.1").
  const dPsi = -17.2 * sinDeg(omega) - 1.32 * sinDeg(2 * sunMeanLongitude) - 0.23 * sinDeg(2 * moonLongitude) + 0.21 * sinDeg(2 * omega);
  const dEps = 9.2 * cosDeg(omega) + 0.57 * cosDeg(2 * sunMeanLongitude) + 0.1 * cosDeg(2 * moonLongitude) - 0.09 * cosDeg(2 * omega);
  const meanObliquity = 23.439291111 - t * (0.0130041667 + t * (1.6389e-7 - 5.0361e-7 * t));
  const obliquity = meanObliquity + dEps / 3600;
  // Apparent longitude: true longitude + nutation − aberration (20.4898").
  const lambda = trueLongitude + dPsi / 3600 - 20.4898 / 3600;
  const rightAscension = Math.atan2(cosDeg(obliquity) * sinDeg(lambda), cosDeg(lambda)) / DEG;
  let e = l0 - 0.0057183 - rightAscension + (dPsi / 3600) * cosDeg(obliquity);
  e -= 360 * Math.round(e / 360);
  return e * 240;
}

export interface TrueSolarTime {
  readonly moment: Moment;
  /** (longitude − 120°) · 4 min, in seconds. */
  readonly longitudeSeconds: number;
  readonly equationOfTimeSeconds: number;
}

/** Local apparent solar time for a standard-time moment at a longitude (°E), to the second. */
export function trueSolarTime(standard: Moment, longitude: number): TrueSolarTime {
  const longitudeSeconds = Math.round((longitude - STANDARD_MERIDIAN) * 240);
  const eot = Math.round(equationOfTimeSeconds(standard));
  return { moment: standard + longitudeSeconds + eot, longitudeSeconds, equationOfTimeSeconds: eot };
}
