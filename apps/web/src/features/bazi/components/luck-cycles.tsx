import type { BaziChartData } from '@lingxi/shared';
import { Card, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { beijingYearNow, shortDateTime } from '../lib/format';
import { LuckCycleCard, XiaoYunCard } from './luck-cycle-card';

/**
 * 大运 as a horizontally scrolling strip (spec §2), with when luck starts above it. The strip opens scrolled to the
 * current cycle, which is highlighted with the current year; 小运 fills the years before the first cycle (issue #15).
 */
export function LuckCycles({ chart, year = beijingYearNow() }: { chart: BaziChartData; year?: number }) {
  const ages = chart.options.ageReckoning === 'xu' ? '年龄为虚岁' : '年龄为周岁';
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = strip.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="true"]');
    // Scroll the strip only (not the page): put the current card near the left edge.
    if (el && current) el.scrollLeft = Math.max(0, current.offsetLeft - el.offsetLeft - 12);
  }, [chart, year]);
  return (
    <Card className="bazi-card" title="大运">
      <Typography.Paragraph className="bazi-qiyun">
        {chart.qi_yun.direction}，{chart.qi_yun.text}（{shortDateTime(chart.qi_yun.moment)} 交运，以{chart.qi_yun.term.name}起算；{ages}）
      </Typography.Paragraph>
      <div className="bazi-luck-strip" ref={strip} tabIndex={0} aria-label="大运列表，可左右滑动">
        <XiaoYunCard years={chart.xiao_yun} year={year} />
        {chart.da_yun.map((cycle) => (
          <LuckCycleCard key={cycle.start_year} cycle={cycle} year={year} />
        ))}
      </div>
    </Card>
  );
}
