/**
 * From the clock time on a birth certificate to the two times a chart needs:
 * - standard: Beijing standard time, i.e. the absolute moment. The Sun's position, and
 *   with it the year and month pillars, the solar terms and the start of luck, depend
 *   on it alone; a birth in Kashgar one second after 立春 is after 立春.
 * - local: the clock the day and hour pillars are read from: standard time, or the
 *   local true solar time when that option is on.
 */
import { formatMoment, partsFromMoment, type Moment } from '../calendar/moment';
import type { Correction } from '../chart/chart-types';
import type { BaziOptions } from '../chart/options';
import { BaziInputError } from '../errors';
import type { Place } from '../places/places';
import { DST_EXEMPT_PROVINCES, DST_OFFSET_SECONDS, dstStatusOf } from './china-dst';
import { trueSolarTime } from './true-solar-time';

export interface CorrectedTimes {
  readonly standard: Moment;
  readonly local: Moment;
  readonly corrections: readonly Correction[];
}

function signedMinutesText(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const abs = Math.abs(seconds);
  return `${sign}${Math.floor(abs / 60)}分${abs % 60}秒`;
}

function dstCorrection(wall: Moment): { standard: Moment; correction?: Correction } {
  const status = dstStatusOf(wall);
  if (status === 'standard') return { standard: wall };
  const p = partsFromMoment(wall);
  if (status === 'nonexistent') {
    throw new BaziInputError(
      'NONEXISTENT_TIME',
      `${p.year}年${p.month}月${p.day}日夏令时开始，时钟从2:00直接拨到3:00，${p.hour}:${String(p.minute).padStart(2, '0')}并不存在；请核对出生时间，或关闭夏令时校正`,
      'hour',
    );
  }
  const standard = wall - DST_OFFSET_SECONDS;
  const note =
    status === 'ambiguous'
      ? `${p.year}年${p.month}月${p.day}日夏令时结束，1:00-1:59出现两次，按第一次（夏令时）计算；若是回拨后的时间，请关闭夏令时校正`
      : '1986-1991年夏令时期间钟表比北京标准时间快1小时';
  return {
    standard,
    correction: Object.freeze({
      kind: 'dst',
      label: '夏令时校正',
      from: formatMoment(wall),
      to: formatMoment(standard),
      minutes: -60,
      note,
    }),
  };
}

export function correctBirthTime(wall: Moment, place: Place, options: BaziOptions): CorrectedTimes {
  const corrections: Correction[] = [];
  let standard = wall;
  if (options.dstCorrection && !DST_EXEMPT_PROVINCES.has(place.province)) {
    const dst = dstCorrection(wall);
    standard = dst.standard;
    if (dst.correction) corrections.push(dst.correction);
  }
  let local = standard;
  if (options.trueSolarTime) {
    const tst = trueSolarTime(standard, place.longitude);
    local = tst.moment;
    corrections.push(
      Object.freeze({
        kind: 'true_solar_time',
        label: '真太阳时校正',
        from: formatMoment(standard),
        to: formatMoment(local),
        minutes: Math.round(((local - standard) / 60) * 100) / 100,
        note: `${place.label}东经${place.longitude}°，经度差${signedMinutesText(tst.longitudeSeconds)}，均时差${signedMinutesText(tst.equationOfTimeSeconds)}`,
      }),
    );
  }
  return { standard, local, corrections: Object.freeze(corrections) };
}
