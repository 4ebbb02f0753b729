import { describe, expect, it } from 'vitest';
import { formatMoment, momentFromParts } from '../calendar/moment';
import { solarTermAt, TERM_COUNT, termIndexAtOrBefore, termMoment, termMomentAt } from './solar-terms';
import { SOLAR_TERM_NAMES } from './term-names';

// Published Beijing-time moments (Purple Mountain Observatory almanac, as printed in the
// press to the second). Our table comes from VSOP87 with astronomia's ΔT, so agreement
// is expected within seconds; one minute is the pass mark.
const PUBLISHED = [
  { year: 2020, index: 2, name: '立春', at: [2020, 2, 4, 17, 3, 12] },
  { year: 2021, index: 2, name: '立春', at: [2021, 2, 3, 22, 58, 39] },
  { year: 2022, index: 2, name: '立春', at: [2022, 2, 4, 4, 50, 36] },
  { year: 2023, index: 2, name: '立春', at: [2023, 2, 4, 10, 42, 21] },
  { year: 2000, index: 5, name: '春分', at: [2000, 3, 20, 15, 35, 0] },
  { year: 2024, index: 5, name: '春分', at: [2024, 3, 20, 11, 6, 0] },
  { year: 2023, index: 23, name: '冬至', at: [2023, 12, 22, 11, 27, 0] },
] as const;

describe('solar-term table', () => {
  it.each(PUBLISHED)('puts $name $year within a minute of the published moment', ({ year, index, name, at }) => {
    const [y, mo, d, h, mi, s] = at;
    expect(SOLAR_TERM_NAMES[index]).toBe(name);
    expect(Math.abs(termMoment(year, index) - momentFromParts(y, mo, d, h, mi, s))).toBeLessThanOrEqual(60);
  });

  it('holds 24 terms a year for 1900-2101 in strictly increasing order, 14-16.5 days apart', () => {
    expect(TERM_COUNT).toBe(202 * 24);
    for (let i = 1; i < TERM_COUNT; i++) {
      const gapDays = (termMomentAt(i) - termMomentAt(i - 1)) / 86400;
      expect(gapDays).toBeGreaterThan(14);
      expect(gapDays).toBeLessThan(16.5);
    }
  });

  it('keeps every 立春 on February 3-5 and every 冬至 on December 21-23', () => {
    for (let year = 1901; year <= 2099; year++) {
      const liChun = formatMoment(termMoment(year, 2));
      const dongZhi = formatMoment(termMoment(year, 23));
      expect(liChun).toMatch(new RegExp(`^${year}-02-0[345] `));
      expect(dongZhi).toMatch(new RegExp(`^${year}-12-2[123] `));
    }
  });

  it('counts a term as begun at its exact second, not one second earlier', () => {
    const at = termMoment(2024, 2);
    const index = termIndexAtOrBefore(at);
    expect(solarTermAt(index).name).toBe('立春');
    expect(solarTermAt(termIndexAtOrBefore(at - 1)).name).toBe('大寒');
    expect(solarTermAt(index + 1).name).toBe('雨水');
  });

  it('answers -1 before the table and the last term after it', () => {
    expect(termIndexAtOrBefore(momentFromParts(1899, 12, 31, 0, 0))).toBe(-1);
    expect(termIndexAtOrBefore(momentFromParts(2102, 6, 1, 0, 0))).toBe(TERM_COUNT - 1);
  });
});
