import type { BaziChartData } from '@lingxi/shared';
import { Card, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { correctionText, lunarText, placeText, shortDateTime } from '../lib/format';

/** 乾造/坤造 and the chart's name, where and when (solar and lunar), the surrounding 节气, and the corrections applied. */
export function ChartHeader({ chart, name, extra }: { chart: BaziChartData; name?: string | null; extra?: ReactNode }) {
  const time = (s: string) => (chart.hour_unknown ? s.slice(0, 10) : shortDateTime(s).slice(0, 16));
  const rows: [string, string][] = [
    ['出生地', placeText(chart.place)],
    ['公历', chart.hour_unknown ? `${chart.solar_date}（时辰不详）` : shortDateTime(chart.birth_time)],
    ['农历', `${lunarText(chart.lunar_date.text)}${chart.hour_unknown ? '' : ` ${chart.birth_time.slice(11, 16)}`}`],
    ['上一节气', `${chart.previous_term.name} ${shortDateTime(chart.previous_term.datetime)}`],
    ['下一节气', `${chart.next_term.name} ${shortDateTime(chart.next_term.datetime)}`],
  ];
  return (
    <Card className="bazi-card bazi-header">
      <div className="bazi-title-row">
        <Typography.Title level={2} className="bazi-title">
          {chart.title}
        </Typography.Title>
        <Tag color={chart.gender === 'male' ? 'blue' : 'magenta'}>{chart.gender === 'male' ? '男' : '女'}</Tag>
        {name ? <span className="bazi-chart-name">{name}</span> : null}
        {extra ? <span className="bazi-title-extra">{extra}</span> : null}
      </div>
      <dl className="bazi-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="bazi-fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {chart.corrections.length > 0 ? (
        <div className="bazi-corrections" aria-label="时间校正">
          {chart.corrections.map((c) => (
            <div key={c.kind} className="bazi-correction">
              <Typography.Text strong>{correctionText(c)}</Typography.Text>
              <Typography.Text type="secondary" className="bazi-correction-note">
                （{c.note}）
              </Typography.Text>
            </div>
          ))}
          {!chart.hour_unknown && chart.corrected_time !== chart.birth_time ? (
            <Typography.Text type="secondary">日柱、时柱按 {time(chart.corrected_time)} 排定</Typography.Text>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
