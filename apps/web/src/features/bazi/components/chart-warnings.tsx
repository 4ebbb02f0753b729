import type { BaziChartData } from '@lingxi/shared';
import { Alert } from 'antd';

/** A birth within 10 minutes of a 节 or a 时辰 edge (or an unknown hour on the day of a 节): check the birth time. */
export function ChartWarnings({ chart }: { chart: BaziChartData }) {
  if (!chart.warnings.length && !chart.hour_unknown) return null;
  return (
    <div className="bazi-warnings">
      {chart.hour_unknown ? (
        <Alert type="info" showIcon title="出生时辰不详：只排年、月、日三柱，没有时柱、命宫、身宫和小运，起运按当天正午推算。" />
      ) : null}
      {chart.warnings.map((w) => (
        <Alert
          key={w.boundary + w.kind}
          type="warning"
          showIcon
          title={w.kind === 'term' ? '出生时间临近节气交接' : '出生时间临近时辰交界'}
          description={w.message}
        />
      ))}
    </div>
  );
}
