import { listProvinces } from '@lingxi/bazi';
import type { BaziChartData, BaziChartOptions, BaziCorrection } from '@lingxi/shared';

/** 'YYYY-MM-DD HH:mm:ss' without a ':00' seconds tail. */
export const shortDateTime = (s: string) => s.replace(/:00$/, '');

/** '已按夏令时校正：1988-06-01 10:30 → 09:30' — the second moment without its date when the day is the same. */
export function correctionText(c: BaziCorrection): string {
  const from = shortDateTime(c.from);
  const to = c.to.slice(0, 10) === c.from.slice(0, 10) ? shortDateTime(c.to).slice(11) : shortDateTime(c.to);
  const label = c.kind === 'dst' ? '已按夏令时校正' : '真太阳时校正';
  return `${label}：${from} → ${to}`;
}

export function optionsText(o: BaziChartOptions): string[] {
  return [
    o.ziHourRule === 'day-changes-at-23' ? '23点换日（子初换日）' : '0点换日（夜子时）',
    o.ageReckoning === 'xu' ? '大运按虚岁' : '大运按周岁',
    o.dstCorrection ? '夏令时校正：开' : '夏令时校正：关',
    o.trueSolarTime ? '真太阳时：开' : '真太阳时：关',
  ];
}

type ChartPillars = Pick<BaziChartData, 'pillars'>;

/** The pillars present, in order: three when the birth hour is unknown. */
export const presentPillars = (chart: ChartPillars) =>
  (['year', 'month', 'day', 'hour'] as const).flatMap((key) => {
    const p = chart.pillars[key];
    return p ? [{ key, pillar: p }] : [];
  });

/** The pillars as one line, e.g. '戊辰 丁巳 丁亥 乙巳' (three when the hour is unknown). */
export const pillarsLine = (chart: ChartPillars) =>
  presentPillars(chart)
    .map((p) => p.pillar.gan_zhi)
    .join(' ');

/** '北京市' for a municipality's own entry, '重庆市 万州区', '广东省 广州市' otherwise (never '北京北京'). */
export function placeText(place: { province: string; city: string }): string {
  const province = listProvinces().find((p) => p.name === place.province);
  if (!province) return `${place.province} ${place.city}`;
  const city = province.cities.find((c) => c.name === place.city);
  const whole = (province.kind === 'municipality' || province.kind === 'sar') && place.city === place.province;
  return whole || !city ? province.fullName : `${province.fullName} ${city.fullName}`;
}

/** The lunar date without its leading 农历 (the row is already labelled so). */
export const lunarText = (text: string) => text.replace(/^农历/, '');

/** The Gregorian year on the Beijing clock: the timeline's "this year". */
export const beijingYearNow = (now = Date.now()) => new Date(now + 8 * 3_600_000).getUTCFullYear();

/** 'YYYY-MM-DD HH:mm:ss' as an epoch on the Beijing clock, for comparing with now. */
export const beijingMoment = (s: string) => Date.parse(`${s.replace(' ', 'T')}+08:00`);
