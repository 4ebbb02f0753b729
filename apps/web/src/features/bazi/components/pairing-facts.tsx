import type { BaziPairing } from '@lingxi/shared';
import { Card, Tag } from 'antd';
import { GanZhiText } from './gan-zhi-char';
import './pairing.css';

const PILLAR = { year: '年柱', month: '月柱', day: '日柱', hour: '时柱' } as const;
const GOOD = new Set(['六合', '三合', '半合', '三会', '天干五合']);

function RelationTags({ relations }: { relations: BaziPairing['facts']['year_branch']['relations'] }) {
  if (!relations.length) return <span className="bazi-muted">无合冲刑害</span>;
  return (
    <>
      {relations.map((r) => (
        <Tag key={r.type} color={GOOD.has(r.type) ? 'green' : 'volcano'}>
          {r.type.replace('天干', '')}
          {r.result_wu_xing ? `化${r.result_wu_xing}` : ''}
        </Tag>
      ))}
    </>
  );
}

/** The two people side by side, then each fact of the pairing as a row. */
export function PairingFacts({ pairing }: { pairing: BaziPairing }) {
  const f = pairing.facts;
  const who = { a: pairing.a.name ?? '甲方', b: pairing.b.name ?? '乙方' };
  const rows: [string, React.ReactNode][] = [
    [
      '年支',
      <>
        {f.year_branch.a} 与 {f.year_branch.b} <RelationTags relations={f.year_branch.relations} />
      </>,
    ],
    [
      '日支',
      <>
        {f.day_branch.a} 与 {f.day_branch.b} <RelationTags relations={f.day_branch.relations} />
      </>,
    ],
    [
      '日干',
      <>
        {f.day_stem.a} 与 {f.day_stem.b} <RelationTags relations={f.day_stem.relations} />
      </>,
    ],
    [
      '日主五行',
      <>
        {f.day_master.text} <Tag>{f.day_master.relation}</Tag>
      </>,
    ],
    [
      '年命纳音',
      <>
        {f.na_yin.text} <Tag>{f.na_yin.relation}</Tag>
      </>,
    ],
    [
      '桃花红鸾',
      f.stars.length ? (
        <ul className="bazi-pairing-stars">
          {f.stars.map((s) => (
            <li key={s.star + s.of}>
              {who[s.of]}的{s.star}见于{who[s.of === 'a' ? 'b' : 'a']}的{s.pillars.map((p) => `${PILLAR[p.pillar]}（${p.zhi}）`).join('、')}
            </li>
          ))}
        </ul>
      ) : (
        <span className="bazi-muted">双方的桃花、红鸾、天喜均未见于对方命盘</span>
      ),
    ],
  ];
  return (
    <>
      <div className="bazi-pairing-sides">
        {(['a', 'b'] as const).map((k) => {
          const side = pairing[k];
          return (
            <Card
              key={k}
              size="small"
              className="bazi-card bazi-pairing-side"
              title={`${side.name ?? (k === 'a' ? '甲方' : '乙方')} · ${side.title}`}
            >
              <div className="bazi-pairing-pillars">
                {side.pillars.split(' ').map((gz, i) => (
                  <GanZhiText key={i} ganZhi={gz} />
                ))}
              </div>
              <div className="bazi-muted">日主 {side.day_master}</div>
            </Card>
          );
        })}
      </div>
      <Card className="bazi-card" title="合婚要点">
        <dl className="bazi-facts bazi-pairing-facts">
          {rows.map(([label, value]) => (
            <div key={label} className="bazi-fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </>
  );
}
