import { PILLAR_LABELS, type BaziChart, type ChartPillar } from '@lingxi/bazi';

/**
 * What a deep reply of a fortune persona reads beyond the free grounding (issue #14, "the full saved chart"): every
 * pillar with its hidden stems, branch ten god, 十二长生 and 空亡, and every luck cycle with its years — from the chart
 * cast again by @lingxi/bazi, like the rest of the grounding.
 */
const PILLARS = ['year', 'month', 'day', 'hour'] as const;

function pillarLine(label: string, p: ChartPillar): string {
  const hidden = p.hidden_stems.map((h) => `${h.gan}（${h.shi_shen}）`).join(' ');
  const stem = p.shi_shen === '日主' ? '日主' : `十神${p.shi_shen}`;
  return `- ${label} ${p.gan_zhi}：天干${p.gan}（${p.gan_wu_xing}），${stem}；地支${p.zhi}（${p.zhi_wu_xing}），本气十神${p.zhi_shi_shen}；藏干 ${hidden}；十二长生${p.di_shi}；空亡${p.xun_kong}`;
}

export function deepChartLines(c: BaziChart, year: number): string[] {
  const lines = ['各柱细节：'];
  for (const k of PILLARS) {
    const p = c.pillars[k];
    if (p) lines.push(pillarLine(PILLAR_LABELS[k], p));
  }
  lines.push('大运：');
  for (const d of c.da_yun) {
    const current = year >= d.start_year && year <= d.end_year ? '（当前大运）' : '';
    lines.push(
      `- ${d.gan_zhi}：${d.start_age}–${d.end_age}岁，${d.start_year}–${d.end_year}年，天干十神${d.analysis.stem.shi_shen}${current}`,
    );
  }
  return lines;
}
