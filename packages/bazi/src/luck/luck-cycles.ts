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
  /** Add each cycle's 流年 with year and age (the timeline). */
  readonly withLiuNian: boolean;
}

/**
 * The ten 流年 of a cycle depend only on its first year and the age then, so each list is built once, frozen and
 * shared by every chart: start years 1901-2210 and ages 0-120 give a few tens of thousands of lists at most.
 */
const decadeCache = new Map<number, readonly LiuNian[]>();
/** The spec's events[] ({gan_zhi} only) of a decade starting in a year: sixty lists in all. */
const eventsCache: (readonly { readonly gan_zhi: string }[] | undefined)[] = [];
function decadeEvents(startYear: number): readonly { readonly gan_zhi: string }[] {
  const key = yearGanZhiIndex(startYear);
  let events = eventsCache[key];
  if (!events) {
    events = Object.freeze(
      Array.from({ length: YEARS_PER_CYCLE }, (_, i) => Object.freeze({ gan_zhi: GAN_ZHI_NAMES[(key + i) % 60] ?? '' })),
    );
    eventsCache[key] = events;
  }
  return events;
}
function decade(startYear: number, startAge: number): readonly LiuNian[] {
  const key = startYear * 256 + startAge;
  let years = decadeCache.get(key);
  if (!years) {
    const list: LiuNian[] = [];
    for (let i = 0; i < YEARS_PER_CYCLE; i++) {
      list.push(Object.freeze({ gan_zhi: GAN_ZHI_NAMES[yearGanZhiIndex(startYear + i)] ?? '', year: startYear + i, age: startAge + i }));
    }
    years = Object.freeze(list);
    decadeCache.set(key, years);
  }
  return years;
}

export function luckCycles(p: LuckCycleParams): readonly DaYun[] {
  const step = p.forward ? 1 : -1;
  const ageOffset = p.ageReckoning === 'xu' ? 1 - p.birthYear : -p.birthYear;
  const cycles: DaYun[] = [];
  for (let i = 0; i < DA_YUN_COUNT; i++) {
    const ganZhi = mod(p.monthGanZhi + step * (i + 1), 60);
    const startYear = p.firstStartYear + YEARS_PER_CYCLE * i;
    // One literal with every key (liu_nian undefined without the timeline): one object shape, no spread.
    cycles.push(
      Object.freeze({
        gan_zhi: GAN_ZHI_NAMES[ganZhi] ?? '',
        start_age: startYear + ageOffset,
        end_age: startYear + YEARS_PER_CYCLE - 1 + ageOffset,
        start_year: startYear,
        end_year: startYear + YEARS_PER_CYCLE - 1,
        analysis: daYunAnalysis(p.dayMaster, ganZhi),
        events: decadeEvents(startYear),
        liu_nian: p.withLiuNian ? decade(startYear, startYear + ageOffset) : undefined,
      }),
    );
  }
  return Object.freeze(cycles);
}
