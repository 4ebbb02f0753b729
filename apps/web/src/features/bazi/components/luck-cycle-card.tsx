import type { BaziDaYun } from '@lingxi/shared';
import { Tag } from 'antd';
import { GanZhiChar, GanZhiText } from './gan-zhi-char';

interface LuckCycleCardProps {
  cycle: BaziDaYun;
  current: boolean;
}

/** One 大运: 干支, the stem's ten god, the branch's hidden stems with theirs, ages, years and the ten 流年. */
export function LuckCycleCard({ cycle, current }: LuckCycleCardProps) {
  return (
    <article className={`bazi-luck-card${current ? ' is-current' : ''}`} aria-label={`大运 ${cycle.gan_zhi}`}>
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
        {cycle.events.map((e) => (
          <li key={e.year}>
            <span className="bazi-liunian-year">{e.year}</span>
            <GanZhiText ganZhi={e.gan_zhi} size="sm" />
          </li>
        ))}
      </ol>
    </article>
  );
}
