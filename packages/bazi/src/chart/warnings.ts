/**
 * Boundary warnings: a birth time recorded a few minutes off can land in another pillar when it lies near a 节 (the
 * month, and at 立春 the year, changes at the term's second) or near a 时辰 edge (odd hours; with 子初换日 the day
 * changes at 23:00, with 夜子时 at midnight). Within WARNING_WINDOW of such an edge the chart says so, with the
 * pillars the other side of it, so the user knows to check the birth time. With the hour unknown, a 节 on the day of
 * birth is warned about instead, since the month pillar then depends on the hour.
 */
import { formatMoment, SECONDS_PER_DAY, type Moment } from '../calendar/moment';
import { at } from '../ganzhi/lookup';
import { GAN_ZHI_NAMES } from '../ganzhi/sexagenary';
import { fourPillars, type FourPillarIndices, type ZiHourRule } from '../pillars/four-pillars';
import { termIndexAtOrBefore, termMomentAt, solarTermAt } from '../terms/solar-terms';
import type { BoundaryWarning, WarningAlternative } from './chart-types';

export const WARNING_WINDOW_SECONDS = 600;
const NONE: readonly BoundaryWarning[] = Object.freeze([]);

const LABELS = { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' } as const;
const SHI_CHEN = '子丑寅卯辰巳午未申酉戌亥';

function alternatives(now: FourPillarIndices, other: FourPillarIndices, keys: readonly (keyof FourPillarIndices)[]): WarningAlternative[] {
  return keys
    .filter((k) => now[k] !== other[k])
    .map((k) => Object.freeze({ pillar: k, current: at(GAN_ZHI_NAMES, now[k]), alternative: at(GAN_ZHI_NAMES, other[k]) }));
}

const minutesText = (seconds: number) => (seconds < 60 ? `${seconds}秒` : `${Math.round(seconds / 60)}分钟`);
const hhmm = (m: Moment) => formatMoment(m).slice(11, 16);
const altText = (alts: readonly WarningAlternative[]) =>
  alts.map((a) => `${LABELS[a.pillar]}可能是${a.alternative}而非${a.current}`).join('，');

/** The 节 nearest to `standard` within the window, if any (the moment and its global index). */
function nearJie(standard: Moment, window: number, current: number): { index: number; moment: Moment } | null {
  const previousJie = current - (current % 2);
  for (const index of [previousJie, previousJie + 2]) {
    const moment = termMomentAt(index);
    if (Math.abs(moment - standard) <= window) return { index, moment };
  }
  return null;
}

export function boundaryWarnings(
  standard: Moment,
  local: Moment,
  rule: ZiHourRule,
  p: FourPillarIndices,
  hourUnknown: boolean,
  termIndex: number = termIndexAtOrBefore(standard),
): readonly BoundaryWarning[] {
  const out: BoundaryWarning[] = [];
  // Unknown hour: the chart is cast at noon, so any 节 on that calendar day is inside the uncertainty.
  const termWindow = hourUnknown ? SECONDS_PER_DAY / 2 : WARNING_WINDOW_SECONDS;
  const jie = nearJie(standard, termWindow, termIndex);
  if (jie) {
    const other = fourPillars(jie.moment > standard ? jie.moment : jie.moment - 1, local, rule);
    const alts = alternatives(p, other, ['year', 'month']);
    const term = solarTermAt(jie.index);
    const distance = Math.abs(jie.moment - standard);
    const when = formatMoment(jie.moment);
    const message = hourUnknown
      ? `出生当天${hhmm(jie.moment)}交${term.name}，时辰未知时无法确定出生在交节之前还是之后：${altText(alts)}。知道出生时间后请重新排盘`
      : `出生时间距${term.name}（${when.slice(0, 16)}）仅${minutesText(distance)}，若记录的时间有误差，${altText(alts)}，请核对出生时间`;
    if (alts.length)
      out.push(
        Object.freeze({
          kind: 'term',
          message,
          boundary: when,
          minutes: Math.round((distance / 60) * 10) / 10,
          alternatives: Object.freeze(alts),
        }),
      );
  }
  // Pillars only change at the top of an hour: most births are further than the window from one.
  const intoHour = ((local % 3600) + 3600) % 3600;
  if (!hourUnknown && (intoHour <= WARNING_WINDOW_SECONDS || intoHour >= 3600 - WARNING_WINDOW_SECONDS)) {
    for (const delta of [-WARNING_WINDOW_SECONDS, WARNING_WINDOW_SECONDS]) {
      const other = fourPillars(standard, local + delta, rule);
      const alts = alternatives(p, other, ['day', 'hour']);
      if (!alts.length) continue;
      // The edge crossed is the top of the hour before (going back) or after (going forward) the birth.
      const edge = delta < 0 ? Math.floor(local / 3600) * 3600 : Math.ceil(local / 3600) * 3600;
      const hour = Math.floor((edge % SECONDS_PER_DAY) / 3600);
      const before = SHI_CHEN[Math.floor((((hour + 23) % 24) + 1) / 2) % 12] ?? '';
      const after = SHI_CHEN[Math.floor((hour + 1) / 2) % 12] ?? '';
      const edgeName = before === after ? '零点换日' : `${before}时与${after}时之交`;
      const distance = Math.abs(edge - local);
      out.push(
        Object.freeze({
          kind: 'hour',
          message: `出生时间${hhmm(local)}距${edgeName}（${hhmm(edge)}）仅${minutesText(distance)}，若记录的时间有误差，${altText(alts)}，请核对出生时间`,
          boundary: formatMoment(edge),
          minutes: Math.round((distance / 60) * 10) / 10,
          alternatives: Object.freeze(alts),
        }),
      );
    }
  }
  return out.length ? Object.freeze(out) : NONE;
}
