import type { AdminOrderRecord, AdminOrdersData } from '@lingxi/shared';
import { Alert, Card, Col, Result, Row, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { getAdminOffers, getAdminOrders, type AdminOrderFilters } from '../api/admin';
import { fenText, formatTime } from '../lib/format';
import '../orders.css';
import { listError, type ListError } from './admin-error';
import { AdminOrdersFilter } from './admin-orders-filter';
import { LoginRequired } from './login-required';

const METHOD: Record<string, string> = { wechat: '微信支付', alipay: '支付宝' };

const columns: TableColumnsType<AdminOrderRecord> = [
  { title: '支付时间', dataIndex: 'paid_at', render: (t: string | null) => formatTime(t) },
  { title: '手机号', dataIndex: 'user_phone', render: (p: string | null) => p ?? '（已注销）' },
  { title: '服务', dataIndex: 'title' },
  { title: '金额', dataIndex: 'amount_fen', render: (f: number) => fenText(f) },
  { title: '支付方式', key: 'method', render: (_, r) => `${METHOD[r.payment_method] ?? r.payment_method} · ${r.trade_type}` },
  { title: '剩余回复', key: 'left', render: (_, r) => (r.remaining === null ? '-' : `${r.remaining}/${r.replies_total}`) },
];

type Line = { count: number; amount_fen: number };
const byServiceColumns: TableColumnsType<AdminOrdersData['by_service'][number]> = [
  { title: '服务', dataIndex: 'title' },
  { title: '订单数', dataIndex: 'count' },
  { title: '收入', dataIndex: 'amount_fen', render: (f: number) => fenText(f) },
];
const byDayColumns: TableColumnsType<AdminOrdersData['by_day'][number]> = [
  { title: '日期（北京时间）', dataIndex: 'day' },
  { title: '订单数', dataIndex: 'count' },
  { title: '收入', dataIndex: 'amount_fen', render: (f: number) => fenText(f) },
];

interface AdminOrdersPageProps {
  initialized: boolean;
  signedIn: boolean;
}

/** /admin/orders (订单与收入), issue 14: admins only — the server decides and answers 403 to anyone else. */
export function AdminOrdersPage({ initialized, signedIn }: AdminOrdersPageProps) {
  useDocumentTitle('订单与收入');
  const isMobile = useIsMobile();
  const [query, setQuery] = useState<{ page: number; pageSize: number; filters: AdminOrderFilters }>({
    page: 1,
    pageSize: 20,
    filters: {},
  });
  const [result, setResult] = useState<{ for: typeof query | null; data: AdminOrdersData | null; error: ListError | null }>({
    for: null,
    data: null,
    error: null,
  });
  const loading = signedIn && result.for !== query;
  const { data, error } = result;
  const [services, setServices] = useState<{ value: string; label: string }[]>([]);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getAdminOffers(controller.signal).then(
      (offers) => setServices(offers.map((o) => ({ value: o.service_type, label: o.persona_title }))),
      () => {},
    );
    return () => controller.abort();
  }, [signedIn]);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    getAdminOrders(query.page, query.pageSize, query.filters, controller.signal).then(
      (d) => setResult({ for: query, data: d, error: null }),
      (e: unknown) => {
        if (!controller.signal.aborted) setResult((r) => ({ for: query, data: r.data, error: listError(e) }));
      },
    );
    return () => controller.abort();
  }, [signedIn, query]);

  const stat = (title: string, line: Line | undefined) => (
    <Col xs={12} md={8}>
      <Card size="small" loading={loading && !data}>
        <Statistic title={title} value={fenText(line?.amount_fen ?? 0)} />
        <Typography.Text type="secondary" className="orders-count">
          共 {line?.count ?? 0} 笔
        </Typography.Text>
      </Card>
    </Col>
  );

  return (
    <div className="page">
      <div className="orders-page-head">
        <Typography.Title level={3}>订单与收入</Typography.Title>
      </div>
      <LoginRequired initialized={initialized} signedIn={signedIn} subTitle="管理员登录后可查看订单与收入">
        {error?.forbidden ? (
          <Result status="403" title="无权访问" subTitle={error.text} />
        ) : (
          <>
            <Card size="small" className="orders-filter">
              <AdminOrdersFilter
                services={services}
                vertical={isMobile}
                loading={loading}
                onSearch={(filters) => setQuery((q) => ({ ...q, page: 1, filters }))}
              />
            </Card>
            {error ? <Alert type="error" showIcon title={error.text} style={{ marginBottom: 12 }} /> : null}
            <Row gutter={[12, 12]} className="orders-totals">
              {stat('深度服务收入', data?.totals)}
              {stat('同期打赏', data?.tips)}
            </Row>
            <Row gutter={[12, 12]} className="orders-totals">
              <Col xs={24} md={12}>
                <Card size="small" title="按服务汇总">
                  <Table
                    rowKey="service_type"
                    columns={byServiceColumns}
                    dataSource={data?.by_service ?? []}
                    pagination={false}
                    size="small"
                    locale={{ emptyText: '暂无收入' }}
                  />
                </Card>
              </Col>
              <Col xs={24} md={12}>
                <Card size="small" title="按日汇总">
                  <Table
                    rowKey="day"
                    columns={byDayColumns}
                    dataSource={data?.by_day ?? []}
                    size="small"
                    pagination={{ pageSize: 7, size: 'small', hideOnSinglePage: true }}
                    locale={{ emptyText: '暂无收入' }}
                  />
                </Card>
              </Col>
            </Row>
            <Card size="small" title="订单明细">
              <Table<AdminOrderRecord>
                rowKey="order_id"
                columns={columns}
                dataSource={data?.records ?? []}
                loading={loading}
                size={isMobile ? 'small' : 'middle'}
                scroll={isMobile ? { x: 'max-content' } : undefined}
                locale={{ emptyText: '暂无订单' }}
                pagination={{
                  current: query.page,
                  pageSize: query.pageSize,
                  total: data?.total ?? 0,
                  pageSizeOptions: [10, 20, 50],
                  showSizeChanger: true,
                  showQuickJumper: true,
                  showTotal: (total) => `共 ${total} 条`,
                  size: isMobile ? 'small' : undefined,
                  className: 'orders-pagination',
                  onChange: (page, pageSize) => setQuery((q) => ({ ...q, page: pageSize === q.pageSize ? page : 1, pageSize })),
                }}
              />
            </Card>
          </>
        )}
      </LoginRequired>
    </div>
  );
}
