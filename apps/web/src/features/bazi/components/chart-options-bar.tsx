import type { BaziChartData, BaziChartPatch } from '@lingxi/shared';
import { Card, Segmented, Switch, Tooltip, Typography } from 'antd';
import { shortDateTime } from '../lib/format';

interface ChartOptionsBarProps {
  chart: BaziChartData;
  /** Casts the saved chart again with the changed option; absent when the chart was not saved. */
  onChange?: (patch: BaziChartPatch) => void;
  busy: boolean;
}

/**
 * The rules this chart was cast with, switchable in place (issue #15): 早晚子时, 真太阳时 (with the clock time and the
 * corrected time side by side) and the 1986–1991 summer-time correction.
 */
export function ChartOptionsBar({ chart, onChange, busy }: ChartOptionsBarProps) {
  const o = chart.options;
  const disabled = !onChange || busy;
  const clock = shortDateTime(chart.standard_time).slice(11, 16);
  const solar = chart.corrected_time.slice(11, 16);
  const hint = onChange ? undefined : '未保存的命盘不能切换，请重新排盘';
  return (
    <Card size="small" className="bazi-card bazi-options-bar" title="排盘规则">
      <div className="bazi-option-row">
        <span className="bazi-option-label">子时换日</span>
        <Tooltip title={hint}>
          <Segmented
            size="small"
            disabled={disabled}
            value={o.ziHourRule}
            onChange={(v) => onChange?.({ ziHourRule: v as BaziChartData['options']['ziHourRule'] })}
            options={[
              { value: 'day-changes-at-23', label: '早子时（23点换日）' },
              { value: 'day-changes-at-0', label: '晚子时（0点换日）' },
            ]}
            aria-label="子时换日"
          />
        </Tooltip>
      </div>
      <div className="bazi-option-row">
        <span className="bazi-option-label">真太阳时</span>
        <Switch
          size="small"
          checked={o.trueSolarTime}
          disabled={disabled}
          onChange={(v) => onChange?.({ trueSolarTime: v })}
          aria-label="真太阳时"
        />
        {chart.hour_unknown ? null : (
          <Typography.Text type="secondary" className="bazi-option-note">
            北京时间 {clock}
            {o.trueSolarTime ? `，真太阳时 ${solar}` : ''}
          </Typography.Text>
        )}
      </div>
      <div className="bazi-option-row">
        <span className="bazi-option-label">夏令时校正</span>
        <Switch
          size="small"
          checked={o.dstCorrection}
          disabled={disabled}
          onChange={(v) => onChange?.({ dstCorrection: v })}
          aria-label="夏令时校正"
        />
        <Typography.Text type="secondary" className="bazi-option-note">
          1986–1991年夏季钟表快1小时
        </Typography.Text>
      </div>
    </Card>
  );
}
