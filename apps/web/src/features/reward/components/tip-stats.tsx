import { Card, Col, Row, Statistic } from 'antd';
import { averageYuan } from '../lib/format';

interface TipStatsProps {
  count: number;
  totalAmount: number;
  loading: boolean;
}

/** Spec §2 My tips: count, total and average (2 decimals) over all of the user's tips, not just the page shown. */
export function TipStats({ count, totalAmount, loading }: TipStatsProps) {
  // Statistic's precision cuts extra decimals; the values are rounded here and handed over as text.
  const cards = [
    { title: '打赏次数', value: String(count), suffix: '次' },
    { title: '打赏总额', value: totalAmount.toFixed(2), prefix: '¥' },
    { title: '平均金额', value: averageYuan(totalAmount, count).toFixed(2), prefix: '¥' },
  ];
  return (
    <Row gutter={[12, 12]} className="reward-stats">
      {cards.map((c) => (
        <Col key={c.title} xs={8}>
          <Card size="small" loading={loading}>
            <Statistic title={c.title} value={c.value} prefix={c.prefix} suffix={c.suffix} styles={{ content: { fontSize: 20 } }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
