import type { TokenUsage } from '@lingxi/shared';
import { Card, Col, Row, Statistic } from 'antd';

/** Three cards: 总Token数, 用户Token, 助手Token. */
export function TokenUsageCards({ usage }: { usage: TokenUsage | null }) {
  const cards = [
    { title: '总Token数', value: usage?.total_tokens ?? 0 },
    { title: '用户Token', value: usage?.user_tokens ?? 0 },
    { title: '助手Token', value: usage?.assistant_tokens ?? 0 },
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginTop: 16 }}>
      {cards.map((c) => (
        <Col xs={24} sm={8} key={c.title}>
          <Card>
            <Statistic title={c.title} value={c.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
