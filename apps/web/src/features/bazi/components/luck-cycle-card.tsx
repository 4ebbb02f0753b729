import type { BaziDaYun } from '@lingxi/shared';
import { Tag } from 'antd';
import { GanZhiChar, GanZhiText } from './gan-zhi-char';

interface LuckCycleCardProps {
  cycle: BaziDaYun;
  /** The Gregorian year now: its cycle and year are highlighted. */
  year: number;
}

/** One 大运: 干支, the stem's ten god, the branch's hidden stems with theirs, ages, years and the ten 流年. */
export function LuckCycleCard({ cycle, year }: LuckCycleCardProps) {
  const current = year >= cycle.start_year && year <= cycle.end_year;
  return (
    <article
      className={`bazi-luck-card${current ? ' is-current' : ''}`}
      aria-label={`大运 ${cycle.gan_zhi}`}
      aria-current={current ? 'true' : undefined}
    >
      <div className="bazi-luck-top">
        <span className="bazi-luck-age">
          {cycle.start_age}–{cycle.end_age}岁
        </span>
        {current ? <Tag color="green">当前</Tag> : null}
      </div>
      <div className="bazi-luck-years">
        {cycle.start_year}–{cycle.end_year}
      </div>
      <div className="bazi-luck-ganzhi">
        <GanZhiText ganZhi={cycle.gan_zhi} size="lg" />
      </div>
      <div className="bazi-luck-god">{cycle.analysis.stem.shi_shen}</div>
      <ul className="bazi-hidden bazi-luck-hidden">
        {cycle.analysis.branch.hidden_stems.map((h) => (
          <li key={h.gan}>
            <GanZhiChar char={h.gan} size="sm" />
            <span className="bazi-hidden-god">{h.shi_shen}</span>
          </li>
        ))}
      </ul>
      <ol className="bazi-liunian" aria-label="流年">
        {cycle.events.map((e, i) => (
          <li key={cycle.start_year + i} className={cycle.start_year + i === year ? 'is-current' : undefined}>
            <span className="bazi-liunian-year">{cycle.start_year + i}</span>
            <GanZhiText ganZhi={e.gan_zhi} size="sm" />
          </li>
        ))}
      </ol>
    </article>
  );
}

/** 小运: the years before the first 大运, counted from the hour pillar. */
export function XiaoYunCard({ years, year }: { years: readonly { year: number; age: number; gan_zhi: string }[]; year: number }) {
  const first = years[0];
  const last = years.at(-1);
  if (!first || !last) return null;
  const current = year >= first.year && year <= last.year;
  return (
    <article
      className={`bazi-luck-card bazi-xiaoyun${current ? ' is-current' : ''}`}
      aria-label="小运"
      aria-current={current ? 'true' : undefined}
    >
      <div className="bazi-luck-top">
        <span className="bazi-luck-age">
          {first.age}–{last.age}岁
        </span>
        {current ? <Tag color="green">当前</Tag> : null}
      </div>
      <div className="bazi-luck-years">
        {first.year}–{last.year}
      </div>
      <div className="bazi-luck-ganzhi bazi-xiaoyun-title">小运</div>
      <ol className="bazi-liunian" aria-label="小运">
        {years.map((x) => (
          <li key={x.year} className={x.year === year ? 'is-current' : undefined}>
            <span className="bazi-liunian-year">{x.year}</span>
            <GanZhiText ganZhi={x.gan_zhi} size="sm" />
          </li>
        ))}
      </ol>
    </article>
  );
}
