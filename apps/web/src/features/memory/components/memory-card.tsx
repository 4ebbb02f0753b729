import { useQuery } from '@tanstack/react-query';
import { Button, Card, Typography } from 'antd';
import { Link } from 'react-router';
import { memoryQueries } from '../api/memory-queries';

/** The profile's 记忆 entry: whether memory is on, how much is kept, and the way to the memory page. */
export function MemoryCard({ to }: { to: string }) {
  const settings = useQuery(memoryQueries.settings()).data;
  const count = useQuery(memoryQueries.list()).data?.length;
  return (
    <Card
      title="记忆"
      data-testid="memory-card"
      extra={
        <Link to={to}>
          <Button size="small">管理记忆</Button>
        </Link>
      }
    >
      <Typography.Text type="secondary">
        {settings
          ? settings.enabled
            ? `长期记忆已开启${count !== undefined ? `，已记住 ${count} 条` : ''}。`
            : '长期记忆已关闭。'
          : '加载中…'}
        你可以查看、修改、删除这些记忆，或随时关闭。
      </Typography.Text>
    </Card>
  );
}
