import type { BaziRelation } from '@lingxi/shared';
import { Tag } from 'antd';
import './pro-chart.css';

const PLACE: Record<string, string> = { year: '年', month: '月', day: '日', hour: '时', da_yun: '大运', liu_nian: '流年', liu_yue: '流月' };
/** Combinations read green, clashes and punishments red, the rest neutral. */
const COLOR: Record<string, string> = {
  天干五合: 'green',
  六合: 'green',
  三合: 'green',
  半合: 'green',
  三会: 'green',
  天干相冲: 'volcano',
  六冲: 'volcano',
  相刑: 'volcano',
  自刑: 'orange',
  六害: 'orange',
  相破: 'orange',
};

const where = (r: BaziRelation) => r.members.map((m) => `${PLACE[m.pillar] ?? m.pillar}${m.char}`).join(' · ');

/** 刑冲合害 as '巳申 六合 化水 — 月巳 · 日申' lines; an empty list says so. */
export function RelationsList({ relations, empty = '四柱之间没有合冲刑害' }: { relations: readonly BaziRelation[]; empty?: string }) {
  if (!relations.length) return <p className="bazi-muted">{empty}</p>;
  return (
    <ul className="bazi-relations">
      {relations.map((r) => (
        <li key={r.type + where(r)}>
          <Tag color={COLOR[r.type] ?? 'default'} className="bazi-relation-type">
            {r.type.replace('天干', '干')}
            {r.result_wu_xing ? `化${r.result_wu_xing}` : ''}
          </Tag>
          <span className="bazi-relation-members">{where(r)}</span>
        </li>
      ))}
    </ul>
  );
}
