import { ArrowLeftOutlined } from '@ant-design/icons';
import type { MyOrdersData, OrderDetail } from '@lingxi/shared';
import { Button, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { chatHref, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { getMyOrders } from '../api/get-my-orders';
import { reopenSession } from '../api/reopen-session';
import { fenText, formatTime } from '../lib/format';
import '../orders.css';
import { LoginRequired } from './login-required';

interface OrdersPageProps {
  initialized: boolean;
  signedIn: boolean;
}

/** /orders (我的订单), issue 14: every paid order with its service, amount, status, time and deep replies left. */
export function OrdersPage({ initialized, signedIn }: OrdersPageProps) {
  useDocumentTitle('我的订单');
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { message } = useFeedback();
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [result, setResult] = useState<{ for: typeof page | null; data: MyOrdersData | null }>({ for: null, data: null });
  const loading = signedIn && result.for !== page;
  const { data } = result;

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getMyOrders(page.current, page.pageSize, controller.signal).then(
      (d) => setResult({ for: page, data: d }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('获取订单失败', error);
        setResult((r) => ({ for: page, data: r.data }));
      },
    );
    return () => controller.abort();
  }, [signedIn, page]);

  /** Into the deep session (a deleted one is opened again while replies are left). */
  async function enter(o: OrderDetail) {
    const params = (id: string) => `${chatHref(o.service_type)}?session=${encodeURIComponent(id)}`;
    if (o.session_id) {
      navigate(params(o.session_id));
      return;
    }
    try {
      const reopened = await reopenSession(o.order_id);
      if (reopened.session_id) navigate(params(reopened.session_id));
    } catch (err) {
      message.error(errorMessage(err, '打开深度会话失败'));
    }
  }

  const status = (o: OrderDetail) =>
    o.status !== 'paid' ? (
      <Tag>{o.status === 'pending' ? '待支付' : '已关闭'}</Tag>
    ) : o.remaining === 0 ? (
      <Tag>已用完</Tag>
    ) : (
      <Tag color="success">已支付</Tag>
    );
  const left = (o: OrderDetail) =>
    o.remaining === null ? '-' : <span className="orders-left">{`${o.remaining}/${o.replies_total} 次`}</span>;
  const action = (o: OrderDetail) =>
    o.status === 'paid' && o.remaining !== null && (o.session_id || o.remaining > 0) ? (
      <Button size="small" type="link" onClick={() => void enter(o)} style={{ paddingInline: 0 }}>
        {o.session_id ? '进入会话' : '重新打开'}
      </Button>
    ) : null;
  const when = (o: OrderDetail) => formatTime(o.paid_at ?? o.created_at);

  // On a phone three stacked columns fit 375 px: what and when, how much and its state, what is left and the way in.
  const columns: TableColumnsType<OrderDetail> = isMobile
    ? [
        {
          title: '服务',
          key: 'what',
          render: (_, o) => (
            <>
              <div>{o.title}</div>
              <Typography.Text type="secondary" className="orders-count">
                {when(o)}
              </Typography.Text>
            </>
          ),
        },
        {
          title: '金额',
          key: 'amount',
          render: (_, o) => (
            <>
              <div>{fenText(o.amount_fen)}</div>
              {status(o)}
            </>
          ),
        },
        {
          title: '剩余',
          key: 'left',
          render: (_, o) => (
            <>
              <div>{left(o)}</div>
              {action(o)}
            </>
          ),
        },
      ]
    : [
        { title: '服务', dataIndex: 'title' },
        { title: '金额', dataIndex: 'amount_fen', render: (f: number) => fenText(f) },
        { title: '状态', key: 'status', render: (_, o) => status(o) },
        { title: '剩余', key: 'remaining', render: (_, o) => left(o) },
        { title: '时间', key: 'time', render: (_, o) => when(o) },
        { title: '操作', key: 'go', render: (_, o) => action(o) },
      ];

  return (
    <div className="page page-narrow">
      <div className="orders-page-head">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.profile)}>
          返回
        </Button>
        <Typography.Title level={3}>我的订单</Typography.Title>
      </div>
      <LoginRequired initialized={initialized} signedIn={signedIn} subTitle="登录后即可查看您购买的深度服务">
        <Card size="small">
          <Table<OrderDetail>
            rowKey="order_id"
            columns={columns}
            dataSource={data?.records ?? []}
            loading={loading}
            size={isMobile ? 'small' : 'middle'}
            locale={{ emptyText: '暂无订单，在服务页面可以购买深度服务' }}
            pagination={{
              current: page.current,
              pageSize: page.pageSize,
              total: data?.total ?? 0,
              pageSizeOptions: [5, 10, 20, 50],
              showSizeChanger: true,
              showQuickJumper: true,
              size: isMobile ? 'small' : undefined,
              className: 'orders-pagination',
              onChange: (current, pageSize) => setPage({ current: pageSize === page.pageSize ? current : 1, pageSize }),
            }}
          />
        </Card>
      </LoginRequired>
    </div>
  );
}
