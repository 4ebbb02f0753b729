/**
 * The major luck cycles (大运) and their years (流年).
 *
 * Cycle i (0-based) is the month pillar moved i + 1 steps along the sixty-cycle,
 * forwards or backwards with the direction of 起运. It starts in the Gregorian year of
 * the 起运 moment plus 10·i and lasts ten years. Ages are counted per calendar year:
 * 虚岁 = year − birth year + 1, 周岁 = year − birth year.
 */
import type { DaYun, LiuNian } from '../chart/chart-types';
import type { AgeReckoning } from '../chart/options';
import { daYunAnalysis } from '../chart/pillar-views';
import { GAN_ZHI_NAMES, mod, yearGanZhiIndex } from '../ganzhi/sexagenary';

export const DA_YUN_COUNT = 10;
const YEARS_PER_CYCLE = 10;

export interface LuckCycleParams {
  readonly monthGanZhi: number;
  readonly dayMaster: number;
  readonly forward: boolean;
  readonly birthYear: number;
  readonly firstStartYear: number;
  readonly ageReckoning: AgeReckoning;
}

export function luckCycles(p: LuckCycleParams): readonly DaYun[] {
  const step = p.forward ? 1 : -1;
  const ageOffset = p.ageReckoning === 'xu' ? 1 - p.birthYear : -p.birthYear;
  const cycles: DaYun[] = [];
  for (let i = 0; i < DA_YUN_COUNT; i++) {
    const ganZhi = mod(p.monthGanZhi + step * (i + 1), 60);
    const startYear = p.firstStartYear + YEARS_PER_CYCLE * i;
    const events: LiuNian[] = [];
    for (let year = startYear; year < startYear + YEARS_PER_CYCLE; year++) {
      events.push(Object.freeze({ gan_zhi: GAN_ZHI_NAMES[yearGanZhiIndex(year)]!, year, age: year + ageOffset }));
    }
    cycles.push(
      Object.freeze({
        gan_zhi: GAN_ZHI_NAMES[ganZhi]!,
        start_age: startYear + ageOffset,
        end_age: startYear + YEARS_PER_CYCLE - 1 + ageOffset,
        start_year: startYear,
        end_year: startYear + YEARS_PER_CYCLE - 1,
        analysis: daYunAnalysis(p.dayMaster, ganZhi),
        events: Object.freeze(events),
      }),
    );
  }
  return Object.freeze(cycles);
}
