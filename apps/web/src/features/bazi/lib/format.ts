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

/** The four pillars as one line, e.g. '戊辰 丁巳 丁亥 乙巳'. */
export const pillarsLine = (chart: Pick<BaziChartData, 'pillars'>) =>
  [chart.pillars.year, chart.pillars.month, chart.pillars.day, chart.pillars.hour].map((p) => p.gan_zhi).join(' ');
