import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic } from 'antd';
import { useVoteStats } from '../api/get-vote-stats';

/** 回复评价: how many replies users liked and disliked (issue #16), over every user. */
export function ReplyVotesCard() {
  const { data, isError } = useVoteStats();
  return (
    <Card title="回复评价" size="small" style={{ marginTop: 16 }} data-testid="reply-votes">
      {isError ? (
        <span>评价统计加载失败</span>
      ) : (
        <Row gutter={16}>
          <Col span={8}>
            <Statistic title="点赞" value={data?.up ?? '-'} prefix={<LikeOutlined />} />
          </Col>
          <Col span={8}>
            <Statistic title="点踩" value={data?.down ?? '-'} prefix={<DislikeOutlined />} />
          </Col>
          <Col span={8}>
            <Statistic title="被评价的回复" value={data?.replies_voted ?? '-'} />
          </Col>
        </Row>
      )}
    </Card>
  );
}
