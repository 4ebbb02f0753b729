import type { TipRecord } from '@lingxi/shared';
import { Alert, Card, Result, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { ApiError } from '@/lib/api-client';
import { getTipList, type TipListFilters } from '../api/get-tip-list';
import { formatTime, formatYuan } from '../lib/format';
import '../reward.css';
import { LoginRequired } from './login-required';
import { TipFilterForm } from './tip-filter-form';

const columns: TableColumnsType<TipRecord> = [
  { title: '手机号', dataIndex: 'user_phone', render: (p: string | null) => p ?? '-' },
  { title: '金额', dataIndex: 'amount', render: (a: number) => formatYuan(a) },
  { title: '时间', dataIndex: 'created_at', render: (t: string) => formatTime(t) },
];

type TipList = { records: TipRecord[]; total: number };
type ListError = { text: string; forbidden: boolean };
const NO_TIPS: TipList = { records: [], total: 0 };

/** Spec §8 Tip list: the server's message or '获取失败'; no answer at all is '请求失败'. */
function listError(error: unknown): ListError {
  if (error instanceof ApiError && (error.kind === 'http' || error.kind === 'refused')) {
    const message = (error.body as { message?: unknown } | null)?.message;
    return { text: typeof message === 'string' && message ? message : '获取失败', forbidden: error.status === 403 };
  }
  return { text: '请求失败', forbidden: false };
}

interface RewardListPageProps {
  initialized: boolean;
  signedIn: boolean;
}

/** /rewardlist (打赏记录管理), spec §2: admins only — the server decides and answers 403 to anyone else. */
export function RewardListPage({ initialized, signedIn }: RewardListPageProps) {
  useDocumentTitle('打赏记录管理');
  const isMobile = useIsMobile();
  const [query, setQuery] = useState<{ page: number; pageSize: number; filters: TipListFilters }>({ page: 1, pageSize: 10, filters: {} });
  // The last answer and the query it answered: rows stay on screen while the next page loads or if it fails.
  const [result, setResult] = useState<{ for: typeof query | null; data: TipList; error: ListError | null }>({
    for: null,
    data: NO_TIPS,
    error: null,
  });
  const loading = signedIn && result.for !== query;
  const { data, error } = result;

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getTipList(query.page, query.pageSize, query.filters, controller.signal).then(
      (d) => setResult({ for: query, data: d, error: null }),
      (e: unknown) => {
        if (!controller.signal.aborted) setResult((r) => ({ for: query, data: r.data, error: listError(e) }));
      },
    );
    return () => controller.abort();
  }, [signedIn, query]);

  return (
    <div className="page">
      <div className="reward-page-head">
        <Typography.Title level={3}>打赏记录管理</Typography.Title>
      </div>
      <LoginRequired initialized={initialized} signedIn={signedIn} subTitle="管理员登录后可查看打赏记录">
        {error?.forbidden ? (
          <Result status="403" title="无权访问" subTitle={error.text} />
        ) : (
          <Card size="small">
            <TipFilterForm vertical={isMobile} loading={loading} onSearch={(filters) => setQuery((q) => ({ ...q, page: 1, filters }))} />
            {error ? <Alert type="error" showIcon title={error.text} style={{ marginBottom: 12 }} /> : null}
            <Table<TipRecord>
              rowKey="id"
              columns={columns}
              dataSource={data.records}
              loading={loading}
              size={isMobile ? 'small' : 'middle'}
              scroll={isMobile ? { x: 'max-content' } : undefined}
              locale={{ emptyText: '暂无打赏记录' }}
              pagination={{
                current: query.page,
                pageSize: query.pageSize,
                total: data.total,
                pageSizeOptions: [10, 20],
                showSizeChanger: true,
                showQuickJumper: true,
                showTotal: (total) => `共 ${total} 条`,
                size: isMobile ? 'small' : undefined,
                // antd hides the size changer and the jumper under 576 px; a compact form stays (reward.css).
                className: 'reward-pagination',
                onChange: (page, pageSize) => setQuery((q) => ({ ...q, page: pageSize === q.pageSize ? page : 1, pageSize })),
              }}
            />
          </Card>
        )}
      </LoginRequired>
    </div>
  );
}
