import type { BaziChartData } from '@lingxi/shared';
import { Card, Typography } from 'antd';
import { shortDateTime } from '../lib/format';
import { LuckCycleCard } from './luck-cycle-card';

/** 大运 as a horizontally scrolling strip (spec §2), with when luck starts above it. */
export function LuckCycles({ chart, year = new Date().getFullYear() }: { chart: BaziChartData; year?: number }) {
  const ages = chart.options.ageReckoning === 'xu' ? '年龄为虚岁' : '年龄为周岁';
  return (
    <Card className="bazi-card" title="大运">
      <Typography.Paragraph className="bazi-qiyun">
        {chart.qi_yun.direction}，{chart.qi_yun.text}（{shortDateTime(chart.qi_yun.moment)} 交运，以{chart.qi_yun.term.name}起算；{ages}）
      </Typography.Paragraph>
      <div className="bazi-luck-strip" tabIndex={0} aria-label="大运列表，可左右滑动">
        {chart.da_yun.map((cycle) => (
          <LuckCycleCard key={cycle.start_year} cycle={cycle} current={year >= cycle.start_year && year <= cycle.end_year} />
        ))}
      </div>
    </Card>
  );
}
