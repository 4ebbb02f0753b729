/**
 * The 24 solar terms in the order the term table stores them: every Gregorian year
 * starts with 小寒, so a year's terms never straddle two table rows.
 * Even indices are the 节 that open a Bazi month; odd ones are the 中气.
 */
export const SOLAR_TERM_NAMES = [
  '小寒',
  '大寒',
  '立春',
  '雨水',
  '惊蛰',
  '春分',
  '清明',
  '谷雨',
  '立夏',
  '小满',
  '芒种',
  '夏至',
  '小暑',
  '大暑',
  '立秋',
  '处暑',
  '白露',
  '秋分',
  '寒露',
  '霜降',
  '立冬',
  '小雪',
  '大雪',
  '冬至',
] as const;

export type SolarTermName = (typeof SOLAR_TERM_NAMES)[number];

export const TERMS_PER_YEAR = 24;

/** Index of 立春 within a year's row. */
export const LI_CHUN_INDEX = 2;

/** Apparent geocentric ecliptic longitude of the Sun at the term, in degrees. */
export function termLongitudeDegrees(indexInYear: number): number {
  return (285 + 15 * indexInYear) % 360;
}
