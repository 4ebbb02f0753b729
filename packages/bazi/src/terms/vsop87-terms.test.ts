/**
 * Recomputes a sample of solar terms at test time from the full VSOP87 theory, with a
 * different root finder than the generator (astronomia's own solstice.longitude, which
 * starts from Meeus' equinox/solstice series), and compares with the committed table.
 */
import { deltat, planetposition, solstice } from 'astronomia';
import vsop87Bearth from 'astronomia/data/vsop87Bearth';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '../calendar/moment';
import { randomInt, seededRandom } from '../testing/seeded-random';
import { termMoment } from './solar-terms';
import { SOLAR_TERM_NAMES, termLongitudeDegrees } from './term-names';

const earth = new planetposition.Planet(vsop87Bearth);
const TOLERANCE_SECONDS = 30;

function vsop87TermMoment(year: number, index: number): number {
  const longitude = termLongitudeDegrees(index);
  // solstice.longitude seeds from the equinox/solstice before the target longitude;
  // for 小寒 to 惊蛰 (285°-345°) that is the previous December's solstice.
  const seedYear = longitude > 270 ? year - 1 : year;
  const jde = solstice.longitude(seedYear, earth, (longitude * Math.PI) / 180);
  const jdUt = jde - deltat.deltaT(2000 + (jde - 2451545) / 365.25) / 86400;
  return Math.round((jdUt - 2440587.5) * 86400 + 8 * 3600);
}

const random = seededRandom(20240204);
const SAMPLE = [
  { year: 1901, index: 0 },
  { year: 1901, index: 2 },
  { year: 2099, index: 23 },
  { year: 2099, index: 2 },
  ...Array.from({ length: 96 }, () => ({ year: randomInt(random, 1901, 2099), index: randomInt(random, 0, 23) })),
];

describe('solar-term table against VSOP87 recomputed now', () => {
  it.each(SAMPLE)(`agrees within ${TOLERANCE_SECONDS} s for term $index of $year`, ({ year, index }) => {
    const expected = vsop87TermMoment(year, index);
    const actual = termMoment(year, index);
    expect(
      Math.abs(actual - expected),
      `${SOLAR_TERM_NAMES[index]} ${year}: table ${formatMoment(actual)}, VSOP87 ${formatMoment(expected)}`,
    ).toBeLessThanOrEqual(TOLERANCE_SECONDS);
  });
});
