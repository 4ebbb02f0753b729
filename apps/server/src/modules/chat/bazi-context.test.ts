import { computeChart } from '@lingxi/bazi';
import { describe, expect, it } from 'vitest';
import { summarizeChart } from './bazi-context';

describe('chart summary for the fortune-telling personas', () => {
  it('returns null for a result without pillars', () => {
    expect(summarizeChart({ gender: 'male' }, new Date(), new Date())).toBeNull();
  });

  it('counts the eight characters’ elements when the chart stored no counts', () => {
    const result = {
      pillars: {
        year: { gan: '庚', zhi: '午' },
        month: { gan: '辛', zhi: '巳' },
        day: { gan: '庚', zhi: '辰' },
        hour: { gan: '辛', zhi: '巳' },
      },
    };
    const text = summarizeChart(result, new Date('2026-01-01'), new Date('2026-06-01'))!;
    expect(text).toContain('四柱：年柱 庚午｜月柱 辛巳｜日柱 庚辰｜时柱 辛巳');
    expect(text).toContain('日主：庚（金）');
    expect(text).toContain('五行分布：木0 火3 土1 金4 水0（缺木、水）');
  });

  it('reads the calculator’s own chart: pillars, day master, stored element counts and the current luck cycle', () => {
    const chart = computeChart({
      calendar: 'solar',
      year: 1990,
      month: 5,
      day: 12,
      hour: 8,
      minute: 30,
      gender: 'male',
      birthPlace: { province: '北京市', city: '北京市' },
    });
    const now = new Date(`${chart.da_yun[2]!.start_year}-06-01T00:00:00Z`);
    const text = summarizeChart(JSON.parse(JSON.stringify(chart)), new Date('2026-01-01'), now)!;
    const p = chart.pillars;
    expect(text).toContain(`四柱：年柱 ${p.year.gan}${p.year.zhi}（纳音${p.year.na_yin}）`);
    expect(text).toContain(`日主：${chart.day_master.gan}（${chart.day_master.yin_yang}${chart.day_master.wu_xing}）`);
    const counts = Object.entries(chart.wu_xing_count)
      .map(([k, v]) => `${k}${v}`)
      .join(' ');
    expect(text).toContain(`五行分布：${counts}`);
    expect(text).toContain(`当前大运：${chart.da_yun[2]!.gan_zhi}`);
    expect(text).toContain('男（乾造）');
  });
});
