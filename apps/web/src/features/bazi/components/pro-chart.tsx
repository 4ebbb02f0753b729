import type { BaziChartData } from '@lingxi/shared';
import { Card, Collapse, Typography } from 'antd';
import { presentPillars } from '../lib/format';
import { shenShaInfo } from '../lib/shen-sha-info';
import { GanZhiText } from './gan-zhi-char';
import { PillarsGrid } from './pillars-grid';
import { RelationsList } from './relations-list';
import './pro-chart.css';

/** 专业细盘 (issue #15): the pillars with their 神煞, 胎元/胎息/命宫/身宫, 刑冲合害, and how each star here is found. */
export function ProChart({ chart }: { chart: BaziChartData }) {
  const palaces = [
    ['胎元', chart.tai_yuan],
    ['胎息', chart.tai_xi],
    ['命宫', chart.ming_gong],
    ['身宫', chart.shen_gong],
  ] as const;
  const stars = [...new Set(presentPillars(chart).flatMap((p) => p.pillar.shen_sha))];
  return (
    <div className="bazi-pro">
      <PillarsGrid chart={chart} pro title="专业细盘" />
      <Card className="bazi-card" title="胎元 · 胎息 · 命宫 · 身宫">
        <div className="bazi-palaces">
          {palaces.map(([label, v]) => (
            <div key={label} className="bazi-palace">
              <span className="bazi-palace-label">{label}</span>
              {v ? (
                <>
                  <GanZhiText ganZhi={v.gan_zhi} />
                  <span className="bazi-palace-nayin">{v.na_yin}</span>
                </>
              ) : (
                <span className="bazi-muted">时辰不详</span>
              )}
            </div>
          ))}
        </div>
        <Typography.Paragraph type="secondary" className="bazi-small-note">
          胎元：月干进一、月支进三；胎息：日柱干支各取其合；命宫、身宫由生月与生时推出，天干按五虎遁。
        </Typography.Paragraph>
      </Card>
      <Card className="bazi-card" title="刑冲合害">
        <RelationsList relations={chart.relations} />
      </Card>
      {stars.length ? (
        <Collapse
          className="bazi-card bazi-shensha-help"
          items={[
            {
              key: 'stars',
              label: `本命盘神煞查法（${stars.length}个）`,
              children: (
                <dl className="bazi-shensha-rules">
                  {stars.map((name) => {
                    const info = shenShaInfo(name);
                    return (
                      <div key={name}>
                        <dt>{name}</dt>
                        <dd>
                          {info?.meaning}。{info?.how}。<span className="bazi-muted">{info?.source}</span>
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}
