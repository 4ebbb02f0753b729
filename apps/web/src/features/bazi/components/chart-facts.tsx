import type { BaziChartData } from '@lingxi/shared';
import { Card, Tag } from 'antd';
import { WU_XING_CLASS, WU_XING_ORDER, type WuXing } from '../lib/five-elements';
import { optionsText } from '../lib/format';
import { GanZhiChar } from './gan-zhi-char';

/** 日主, the five-element count of the eight characters, and the options this chart was cast with. */
export function ChartFacts({ chart }: { chart: BaziChartData }) {
  const missing = WU_XING_ORDER.filter((e) => (chart.wu_xing_count[e] ?? 0) === 0);
  return (
    <Card className="bazi-card" title="命盘要点">
      <dl className="bazi-facts">
        <div className="bazi-fact">
          <dt>日主</dt>
          <dd>
            <GanZhiChar char={chart.day_master.gan} size="sm" />
            {chart.day_master.yin_yang}
            {chart.day_master.wu_xing}
          </dd>
        </div>
        <div className="bazi-fact">
          <dt>五行</dt>
          <dd className="bazi-wuxing">
            {WU_XING_ORDER.map((e: WuXing) => (
              <span key={e} className={`bazi-wx-count wx-bg-${WU_XING_CLASS[e]}`}>
                {e} {chart.wu_xing_count[e] ?? 0}
              </span>
            ))}
            {missing.length ? <span className="bazi-wx-missing">缺{missing.join('、')}</span> : null}
          </dd>
        </div>
        <div className="bazi-fact">
          <dt>排盘选项</dt>
          <dd className="bazi-options">
            {optionsText(chart.options).map((t) => (
              <Tag key={t}>{t}</Tag>
            ))}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
