import { Popover, Tag, Typography } from 'antd';
import { NATURE_COLOR, shenShaInfo } from '../lib/shen-sha-info';
import './pro-chart.css';

/** Why a star is there, in a tap: how it is looked up, from which pillar, and its classical source. */
function ShenShaExplanation({ name }: { name: string }) {
  const info = shenShaInfo(name);
  if (!info) return <span>{name}</span>;
  return (
    <div className="bazi-shensha-pop">
      <Typography.Paragraph className="bazi-shensha-meaning">{info.meaning}（传统说法，仅供参考）</Typography.Paragraph>
      <Typography.Paragraph type="secondary">查法：{info.how}</Typography.Paragraph>
      {info.from ? <Typography.Paragraph type="secondary">依据：{info.from}</Typography.Paragraph> : null}
      <Typography.Paragraph type="secondary" className="bazi-shensha-source">
        出处：{info.source}
      </Typography.Paragraph>
    </div>
  );
}

/** The 神煞 of a pillar as coloured tags (吉 green, 凶 red, 两可 gold), each explaining itself on tap. */
export function ShenShaTags({ names }: { names: readonly string[] }) {
  if (!names.length) return <span className="bazi-muted">—</span>;
  return (
    <span className="bazi-shensha">
      {names.map((name) => (
        <Popover key={name} title={name} content={<ShenShaExplanation name={name} />} trigger="click">
          <Tag color={NATURE_COLOR[shenShaInfo(name)?.nature ?? '中']} className="bazi-shensha-tag" role="button" tabIndex={0}>
            {name}
          </Tag>
        </Popover>
      ))}
    </span>
  );
}
