import { REPORT_REASONS, REPORT_STATUS_TEXT } from '@lingxi/shared/rules';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Tag, Typography } from 'antd';
import { safetyQueries } from '../api/safety-queries';
import '../safety.css';

const STATUS_COLOR = { pending: 'processing', resolved: 'success', dismissed: 'default' } as const;

/** 我的举报: each report with its status and the administrator's note once handled. */
export function MyReportsCard() {
  const q = useQuery(safetyQueries.myReports());
  return (
    <Card title="我的举报" data-testid="my-reports-card">
      {q.data && q.data.length === 0 ? (
        <Empty description="暂无举报记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          loading={q.isLoading}
          dataSource={q.data ?? []}
          renderItem={(r) => (
            <List.Item key={r.id}>
              <div className="my-report">
                <div className="my-report-head">
                  <Tag color={STATUS_COLOR[r.status]}>{REPORT_STATUS_TEXT[r.status]}</Tag>
                  <Typography.Text>{REPORT_REASONS[r.reason]}</Typography.Text>
                  <Typography.Text type="secondary" className="my-report-time">
                    {new Date(r.created_at).toLocaleString('zh-CN')}
                  </Typography.Text>
                </div>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="my-report-excerpt">
                  {r.reply_excerpt}
                </Typography.Paragraph>
                {r.resolution_note && <Typography.Text>处理结果：{r.resolution_note}</Typography.Text>}
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
