import { ArrowLeftOutlined } from '@ant-design/icons';
import type { MyTipsData, TipRecord } from '@lingxi/shared';
import { Button, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { getMyTips } from '../api/get-my-tips';
import { formatTime, formatYuan, shortOrderId } from '../lib/format';
import '../reward.css';
import { LoginRequired } from './login-required';
import { TipStats } from './tip-stats';

/** On a phone the time stacks date over clock so the four columns fit 375 px without sideways scrolling. */
const columns = (compact: boolean): TableColumnsType<TipRecord> => [
  { title: '订单号', dataIndex: 'order_id', render: (id: string) => <Typography.Text title={id}>{shortOrderId(id)}</Typography.Text> },
  { title: '金额', dataIndex: 'amount', render: (a: number) => formatYuan(a) },
  { title: '状态', key: 'status', render: () => <Tag color="success">支付成功</Tag> },
  {
    title: '时间',
    dataIndex: 'created_at',
    render: (t: string) => (compact ? <span className="reward-time">{formatTime(t).replace(' ', '\n')}</span> : formatTime(t)),
  },
];

interface RewardHistoryPageProps {
  initialized: boolean;
  signedIn: boolean;
}

/** /rewardhistory (我的打赏), spec §2. */
export function RewardHistoryPage({ initialized, signedIn }: RewardHistoryPageProps) {
  useDocumentTitle('我的打赏');
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  // The last answer and the page it answered: the previous rows stay while the next page loads or if it fails.
  const [result, setResult] = useState<{ for: typeof page | null; data: MyTipsData | null }>({ for: null, data: null });
  const loading = signedIn && result.for !== page;
  const { data } = result;

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getMyTips(page.current, page.pageSize, controller.signal).then(
      (d) => setResult({ for: page, data: d }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec §8: failures on this page are only logged.
        console.error('获取打赏记录失败', error);
        setResult((r) => ({ for: page, data: r.data }));
      },
    );
    return () => controller.abort();
  }, [signedIn, page]);

  return (
    <div className="page page-narrow">
      <div className="reward-page-head">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.profile)}>
          返回
        </Button>
        <Typography.Title level={3}>我的打赏</Typography.Title>
      </div>
      <LoginRequired initialized={initialized} signedIn={signedIn} subTitle="登录后即可查看您的打赏记录">
        <TipStats count={data?.count ?? 0} totalAmount={data?.total_amount ?? 0} loading={loading && !data} />
        <Card size="small">
          <Table<TipRecord>
            rowKey="id"
            columns={columns(isMobile)}
            dataSource={data?.records ?? []}
            loading={loading}
            size={isMobile ? 'small' : 'middle'}
            scroll={isMobile ? { x: 'max-content' } : undefined}
            locale={{ emptyText: '暂无打赏记录' }}
            pagination={{
              current: page.current,
              pageSize: page.pageSize,
              total: data?.total ?? 0,
              pageSizeOptions: [5, 10, 20, 50],
              showSizeChanger: true,
              showQuickJumper: true,
              size: isMobile ? 'small' : undefined,
              // antd hides the size changer and the jumper under 576 px; a compact form stays (reward.css).
              className: 'reward-pagination',
              onChange: (current, pageSize) => setPage({ current: pageSize === page.pageSize ? current : 1, pageSize }),
            }}
          />
        </Card>
      </LoginRequired>
    </div>
  );
}
