import type { BaziChartData, BaziPillar } from '@lingxi/shared';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { GanZhiChar } from './gan-zhi-char';

const COLUMNS = [
  ['year', '年柱'],
  ['month', '月柱'],
  ['day', '日柱'],
  ['hour', '时柱'],
] as const;

const ROWS: [string, (p: BaziPillar) => ReactNode][] = [
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

/** The four pillars as a 4-column table (plus a label column), compact enough for 375 px. */
export function PillarsGrid({ pillars }: { pillars: BaziChartData['pillars'] }) {
  return (
    <Card className="bazi-card" title="四柱">
      <div className="bazi-pillars" role="table" aria-label="四柱">
        <div className="bazi-pillars-row bazi-pillars-head" role="row">
          <span role="columnheader" />
          {COLUMNS.map(([key, label]) => (
            <span key={key} role="columnheader">
              {label}
            </span>
          ))}
        </div>
        {ROWS.map(([label, cell]) => (
          <div key={label} className={`bazi-pillars-row bazi-row-${label}`} role="row">
            <span className="bazi-pillars-label" role="rowheader">
              {label}
            </span>
            {COLUMNS.map(([key]) => (
              <span key={key} className="bazi-pillars-cell" role="cell">
                {cell(pillars[key])}
              </span>
            ))}
          </div>
        ))}
      </div>
    </Card>
  );
}
