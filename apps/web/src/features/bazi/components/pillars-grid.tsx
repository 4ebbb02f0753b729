import type { BaziChartData, BaziPillar } from '@lingxi/shared';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { presentPillars } from '../lib/format';
import { GanZhiChar } from './gan-zhi-char';
import { ShenShaTags } from './shen-sha-tags';

const LABELS = { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' } as const;

const BASIC_ROWS: [string, (p: BaziPillar) => ReactNode][] = [
  ['十神', (p) => p.shi_shen],
  ['天干', (p) => <GanZhiChar char={p.gan} size="lg" />],
  ['地支', (p) => <GanZhiChar char={p.zhi} size="lg" />],
  [
    '藏干',
    (p) => (
      <ul className="bazi-hidden">
        {p.hidden_stems.map((h) => (
          <li key={h.gan}>
            <GanZhiChar char={h.gan} size="sm" />
            <span className="bazi-hidden-god">{h.shi_shen}</span>
          </li>
        ))}
      </ul>
    ),
  ],
  ['纳音', (p) => p.na_yin],
  ['星运', (p) => p.di_shi],
  ['空亡', (p) => p.xun_kong],
];

const PRO_ROWS: typeof BASIC_ROWS = [...BASIC_ROWS, ['神煞', (p) => <ShenShaTags names={p.shen_sha} />]];

/**
 * The pillars as a table (plus a label column), compact enough for 375 px: four columns, or three when the birth
 * hour is unknown. The professional view adds each pillar's 神煞.
 */
export function PillarsGrid({ chart, pro = false, title = '四柱' }: { chart: BaziChartData; pro?: boolean; title?: string }) {
  const columns = presentPillars(chart);
  return (
    <Card className="bazi-card" title={title}>
      <div className={`bazi-pillars bazi-pillars-${columns.length}`} role="table" aria-label={title}>
        <div className="bazi-pillars-row bazi-pillars-head" role="row">
          <span role="columnheader" />
          {columns.map(({ key }) => (
            <span key={key} role="columnheader">
              {LABELS[key]}
            </span>
          ))}
        </div>
        {(pro ? PRO_ROWS : BASIC_ROWS).map(([label, cell]) => (
          <div key={label} className={`bazi-pillars-row bazi-row-${label}`} role="row">
            <span className="bazi-pillars-label" role="rowheader">
              {label}
            </span>
            {columns.map(({ key, pillar }) => (
              <span key={key} className="bazi-pillars-cell" role="cell">
                {cell(pillar)}
              </span>
            ))}
          </div>
        ))}
      </div>
    </Card>
  );
}
