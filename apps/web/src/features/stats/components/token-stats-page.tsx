import type { TokenUsage } from '@lingxi/shared';
import { Alert, Button, Card, Input, Result, Space, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { getTokenUsage } from '../api/get-token-usage';
import { ReplyVotesCard } from './reply-votes-card';
import { TokenUsageCards } from './token-usage-cards';
import { TokenUsageTable } from './token-usage-table';

export const STATS_REQUIRED = '请输入 session_id 或手机号';

/** The server's own words for a failure: detail, then message (spec §8), else our fallback. */
function failureText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 403) return '无权限';
    const body = err.body as { detail?: unknown; message?: unknown } | null;
    const text = body?.detail ?? body?.message;
    if (typeof text === 'string' && text) return text;
  }
  return '查询失败';
}

/** Spec §2 Token statistics. Admins only: the server refuses everyone else (403); the page says so up front. */
export function TokenStatsPage({ isAdmin }: { isAdmin: boolean }) {
  useDocumentTitle('令牌统计');
  const { message } = useFeedback();
  const [sessionId, setSessionId] = useState('');
  const [phone, setPhone] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [usage, setUsage] = useState<TokenUsage | null>(null);

  if (!isAdmin) {
    return (
      <div className="page page-narrow">
        <Result status="403" title="无权限" subTitle="仅管理员可以查看令牌统计" />
      </div>
    );
  }

  const query = async () => {
    const q = { sessionId: sessionId.trim(), phone: phone.trim() };
    if (!q.sessionId && !q.phone) {
      message.warning(STATS_REQUIRED);
      return;
    }
    setLoading(true);
    setError(null);
    try {
      setUsage(await getTokenUsage(q));
    } catch (err) {
      const text = failureText(err);
      setError(text);
      message.error(text);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="page page-narrow">
      <Typography.Title level={3}>令牌统计</Typography.Title>
      <Card>
        <Space.Compact block className="stats-search">
          <Input
            placeholder="session_id"
            value={sessionId}
            onChange={(e) => setSessionId(e.target.value)}
            onPressEnter={() => void query()}
            aria-label="session_id"
            allowClear
          />
          <Input
            placeholder="手机号"
            value={phone}
            maxLength={20}
            onChange={(e) => setPhone(e.target.value)}
            onPressEnter={() => void query()}
            aria-label="手机号"
            allowClear
          />
          <Button type="primary" icon={<SearchOutlined />} loading={loading} onClick={() => void query()}>
            查询
          </Button>
        </Space.Compact>
      </Card>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} />}
      <TokenUsageCards usage={usage} />
      <TokenUsageTable usage={usage} loading={loading} />
      <ReplyVotesCard />
    </div>
  );
}
