/**
 * The twelve months (流月) of a year, as the calendar of the solar terms has them: the year starts at 立春 and each
 * month at its 节 (立春 惊蛰 清明 立夏 芒种 小暑 立秋 白露 寒露 立冬 大雪 小寒), to the second of the term table. The
 * stems follow 五虎遁 from the year stem (甲己之年丙作首 …), the branches run 寅 … 丑. A month's `end` is the next
 * month's `start` (the months are half-open intervals).
 */
import type { LiuYue } from '../chart/chart-types';
import { formatMoment } from '../calendar/moment';
import { at } from '../ganzhi/lookup';
import { GAN_ZHI_NAMES, ganOf, ganZhiIndex, mod, yearGanZhiIndex } from '../ganzhi/sexagenary';
import { firstMonthStem } from '../palaces/palaces';
import { TERM_TABLE_FIRST_YEAR, termMomentAt } from '../terms/solar-terms';
import { LI_CHUN_INDEX, SOLAR_TERM_NAMES, TERMS_PER_YEAR } from '../terms/term-names';

const cache = new Map<number, readonly LiuYue[]>();

/** The months of the 立春 year `year` (1901-2099). */
export function liuYue(year: number): readonly LiuYue[] {
  const cached = cache.get(year);
  if (cached) return cached;
  const firstStem = firstMonthStem(ganOf(yearGanZhiIndex(year)));
  const liChun = (year - TERM_TABLE_FIRST_YEAR) * TERMS_PER_YEAR + LI_CHUN_INDEX;
  const months: LiuYue[] = [];
  for (let i = 0; i < 12; i++) {
    const term = liChun + 2 * i;
    months.push(
      Object.freeze({
        term: at(SOLAR_TERM_NAMES, term % TERMS_PER_YEAR),
        gan_zhi: at(GAN_ZHI_NAMES, ganZhiIndex(mod(firstStem + i, 10), mod(2 + i, 12))),
        start: formatMoment(termMomentAt(term)),
        end: formatMoment(termMomentAt(term + 2)),
      }),
    );
  }
  const frozen = Object.freeze(months);
  cache.set(year, frozen);
  return frozen;
}
