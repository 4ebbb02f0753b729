import { LeftOutlined, MessageOutlined, RightOutlined } from '@ant-design/icons';
import { SUPPORTED_YEARS } from '@lingxi/bazi';
import type { BaziChartData } from '@lingxi/shared';
import { Alert, Button, Card, Collapse, Flex, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { getSavedChart } from '../api/get-saved-chart';
import { beijingMoment, beijingYearNow } from '../lib/format';
import { GanZhiText } from './gan-zhi-char';
import { RelationsList } from './relations-list';
import './timeline.css';

export interface AskAi {
  (grounding: { year: number; month?: number }, question: string): void;
}

interface TimelineProps {
  chartId: string;
  /** The chart without its timeline, for the list of cycles while the year loads. */
  chart: BaziChartData;
  onAsk: AskAi;
  asking: boolean;
}

const monthLabel = (start: string, end: string) =>
  `${Number(start.slice(5, 7))}/${Number(start.slice(8, 10))}–${Number(end.slice(5, 7))}/${Number(end.slice(8, 10))}`;

/**
 * 流年 → 流月 (issue #15): the year's pillar, luck cycle and their 合冲刑害 with the chart, its twelve months from the
 * exact 节, and every year of every cycle to jump to; the current cycle, year and month highlighted, each one tap from
 * asking the 八字 persona about it.
 */
export function Timeline({ chartId, chart, onAsk, asking }: TimelineProps) {
  // Read once: the page does not move to a new year or month while it is open.
  const [now] = useState(() => Date.now());
  const thisYear = beijingYearNow(now);
  const [year, setYear] = useState(thisYear);
  const [loaded, setLoaded] = useState<{ year: number; chart: BaziChartData } | null>(null);
  const [failed, setFailed] = useState<{ year: number; message: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getSavedChart(chartId, { timeline: true, year, signal: controller.signal }).then(
      (saved) => !controller.signal.aborted && setLoaded({ year, chart: saved.result }),
      (err: unknown) => !controller.signal.aborted && setFailed({ year, message: errorMessage(err, '加载流年流月失败') }),
    );
    return () => controller.abort();
  }, [chartId, year]);

  const timeline = loaded?.year === year ? loaded.chart : null;
  const error = failed?.year === year ? failed.message : null;
  const yun = timeline?.yun_relations;
  const birthYear = Number(chart.solar_date.slice(0, 4));
  const step = (n: number) => setYear((y) => Math.min(SUPPORTED_YEARS.max, Math.max(SUPPORTED_YEARS.min, y + n)));
  const ask = (question: string, month?: number) => onAsk(month === undefined ? { year } : { year, month }, question);
  const askYear = (y: number, ganZhi: string) => onAsk({ year: y }, `${y}年（${ganZhi}年）需要注意什么？`);

  return (
    <div className="bazi-timeline">
      <Card className="bazi-card bazi-year-card">
        <Flex align="center" justify="space-between" className="bazi-year-nav">
          <Button icon={<LeftOutlined />} onClick={() => step(-1)} aria-label="上一年" disabled={year <= SUPPORTED_YEARS.min} />
          <div className="bazi-year-title">
            <span className="bazi-year-number">{year}年</span>
            {yun ? <GanZhiText ganZhi={yun.liu_nian} size="lg" /> : null}
            {year === thisYear ? <Tag color="green">今年</Tag> : null}
          </div>
          <Button icon={<RightOutlined />} onClick={() => step(1)} aria-label="下一年" disabled={year >= SUPPORTED_YEARS.max} />
        </Flex>
        {year !== thisYear ? (
          <Button type="link" size="small" onClick={() => setYear(thisYear)} className="bazi-back-to-now">
            回到今年
          </Button>
        ) : null}
        {error ? <Alert type="error" showIcon title={error} /> : null}
        {!timeline && !error ? <Spin className="bazi-timeline-spin" /> : null}
        {timeline && yun ? (
          <>
            <Typography.Paragraph className="bazi-year-luck">
              {yun.da_yun ? `大运 ${yun.da_yun}` : year < birthYear ? '出生之前' : '尚未起大运（小运）'}
              {year >= birthYear ? `，${chart.options.ageReckoning === 'xu' ? year - birthYear + 1 : year - birthYear}岁` : ''}
            </Typography.Paragraph>
            <RelationsList relations={yun.relations} empty="这一年的大运、流年与命盘没有合冲刑害" />
            <Button
              icon={<MessageOutlined />}
              loading={asking}
              onClick={() => ask(`${year}年（${yun.liu_nian}年）需要注意什么？`)}
              className="bazi-ask"
            >
              问AI：这一年需要注意什么
            </Button>
          </>
        ) : null}
      </Card>

      {timeline?.liu_yue ? (
        <Card className="bazi-card" title={`${year}年流月（立春起）`}>
          <ol className="bazi-liuyue" aria-label="流月">
            {timeline.liu_yue.map((m, i) => {
              const current = now >= beijingMoment(m.start) && now < beijingMoment(m.end);
              return (
                <li key={m.start} className={current ? 'is-current' : undefined} aria-current={current ? 'true' : undefined}>
                  <span className="bazi-liuyue-term">{m.term}</span>
                  <GanZhiText ganZhi={m.gan_zhi} />
                  <span className="bazi-liuyue-dates">{monthLabel(m.start, m.end)}</span>
                  {current ? <Tag color="green">本月</Tag> : null}
                  <Button
                    size="small"
                    type="text"
                    icon={<MessageOutlined />}
                    disabled={asking}
                    onClick={() => ask(`${year}年${m.term}起的${m.gan_zhi}月需要注意什么？`, i + 1)}
                    aria-label={`问AI：${m.term}${m.gan_zhi}月需要注意什么`}
                  >
                    问AI
                  </Button>
                </li>
              );
            })}
          </ol>
        </Card>
      ) : null}

      {timeline ? (
        <Collapse
          className="bazi-card"
          defaultActiveKey={timeline.da_yun.filter((d) => thisYear >= d.start_year && thisYear <= d.end_year).map((d) => d.gan_zhi)}
          items={[
            ...(timeline.xiao_yun.length
              ? [
                  {
                    key: 'xiao',
                    label: `小运 ${timeline.xiao_yun[0]?.year}–${timeline.xiao_yun.at(-1)?.year}`,
                    children: (
                      <YearList years={timeline.xiao_yun} selected={year} now={thisYear} onPick={setYear} onAsk={askYear} asking={asking} />
                    ),
                  },
                ]
              : []),
            ...timeline.da_yun.map((d) => ({
              key: d.gan_zhi,
              label: (
                <span className={thisYear >= d.start_year && thisYear <= d.end_year ? 'bazi-current-cycle' : undefined}>
                  大运 {d.gan_zhi} · {d.start_year}–{d.end_year}（{d.start_age}–{d.end_age}岁）
                </span>
              ),
              children: (
                <YearList years={d.liu_nian ?? []} selected={year} now={thisYear} onPick={setYear} onAsk={askYear} asking={asking} />
              ),
            })),
          ]}
        />
      ) : null}
    </div>
  );
}

interface YearListProps {
  years: readonly { year: number; age: number; gan_zhi: string }[];
  selected: number;
  now: number;
  onPick: (year: number) => void;
  /** Asks the 八字 persona about that year straight away. */
  onAsk: (year: number, ganZhi: string) => void;
  asking: boolean;
}

/** Every year of a cycle: tap it to see its months, or ask about it at once. */
function YearList({ years, selected, now, onPick, onAsk, asking }: YearListProps) {
  return (
    <ul className="bazi-year-list">
      {years.map((y) => (
        <li key={y.year} className={`bazi-year-item${y.year === selected ? ' is-selected' : ''}${y.year === now ? ' is-current' : ''}`}>
          <button type="button" className="bazi-year-pick" onClick={() => onPick(y.year)} aria-pressed={y.year === selected}>
            <span>{y.year}</span>
            <GanZhiText ganZhi={y.gan_zhi} size="sm" />
            <span className="bazi-muted">{y.age}岁</span>
          </button>
          <Button
            size="small"
            type="text"
            icon={<MessageOutlined />}
            disabled={asking}
            onClick={() => onAsk(y.year, y.gan_zhi)}
            aria-label={`问AI：${y.year}年需要注意什么`}
            className="bazi-year-ask"
          />
        </li>
      ))}
    </ul>
  );
}
