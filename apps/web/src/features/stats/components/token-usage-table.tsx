import type { TokenUsage } from '@lingxi/shared';
import { Card, Table, Typography } from 'antd';

type Row = TokenUsage['sessions'][number];

const columns = [
  {
    title: 'session_id',
    dataIndex: 'session_id',
    key: 'session_id',
    render: (v: string) => (
      <Typography.Text copyable={{ text: v }} className="stats-session-id">
        {v}
      </Typography.Text>
    ),
  },
  { title: 'user_tokens', dataIndex: 'user_tokens', key: 'user_tokens', align: 'right' as const },
  { title: 'assistant_tokens', dataIndex: 'assistant_tokens', key: 'assistant_tokens', align: 'right' as const },
  { title: 'total_tokens', dataIndex: 'total_tokens', key: 'total_tokens', align: 'right' as const },
];

export function TokenUsageTable({ usage, loading }: { usage: TokenUsage | null; loading: boolean }) {
  return (
    <Card style={{ marginTop: 16 }} title="会话明细">
      <Table<Row>
        rowKey="session_id"
        columns={columns}
        dataSource={usage?.sessions ?? []}
        loading={loading}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        size="middle"
        locale={{ emptyText: usage ? '没有找到相关会话' : '请输入 session_id 或手机号后查询' }}
      />
      {!!usage?.estimated_messages && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          其中 {usage.estimated_messages} 条消息的用量由本地分词器估算（模型服务未返回用量）。
        </Typography.Text>
      )}
    </Card>
  );
}
