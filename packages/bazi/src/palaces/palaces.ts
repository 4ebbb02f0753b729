/**
 * 胎元, 胎息, 命宫 and 身宫, computed the way lunar-javascript's EightChar and tyme4ts' EightChar do (the two agree on
 * every birth; palaces.test.ts checks thousands):
 * - 胎元 (conception month): the month pillar's stem one step on and its branch three steps on (月干进一，月支进三).
 * - 胎息: the day stem's 五合 partner over the day branch's 六合 partner.
 * - 命宫: number the months from 寅 = 1 to 丑 = 12 and the hours the same way; with s = month + hour, the palace is
 *   14 − s (26 − s when s ≥ 14), counted from 寅 = 1 again.
 * - 身宫: month number (寅 = 1) plus hour number (子 = 1), less 12 when over 12, counted from 寅 = 1.
 * The palaces' stems follow 五虎遁 from the year stem (甲己之年丙作首 …), as for the months.
 * 命宫 and 身宫 need the hour, so they are null when the birth hour is unknown.
 */
import { ganOf, ganZhiIndex, mod, zhiOf } from '../ganzhi/sexagenary';

/** Stem of the 寅 month in a year with this stem: 甲己 丙, 乙庚 戊, 丙辛 庚, 丁壬 壬, 戊癸 甲. */
export function firstMonthStem(yearGan: number): number {
  return mod((yearGan % 5) * 2 + 2, 10);
}

/** The pillar of the palace numbered `n` (寅 = 1 … 丑 = 12) in a year with this stem. */
function palace(yearGan: number, n: number): number {
  return ganZhiIndex(mod(firstMonthStem(yearGan) + n - 1, 10), mod(n + 1, 12));
}

/** 寅 = 1 … 丑 = 12. */
const fromYin = (zhi: number) => mod(zhi - 2, 12) + 1;

export function taiYuan(month: number): number {
  return ganZhiIndex(mod(ganOf(month) + 1, 10), mod(zhiOf(month) + 3, 12));
}

export function taiXi(day: number): number {
  return ganZhiIndex(mod(ganOf(day) + 5, 10), mod(1 - zhiOf(day), 12));
}

export function mingGong(year: number, month: number, hour: number): number {
  const s = fromYin(zhiOf(month)) + fromYin(zhiOf(hour));
  return palace(ganOf(year), s < 14 ? 14 - s : 26 - s);
}

export function shenGong(year: number, month: number, hour: number): number {
  const s = fromYin(zhiOf(month)) + zhiOf(hour) + 1;
  return palace(ganOf(year), s > 12 ? s - 12 : s);
}
