import type { AdminOffer, AuditRecord, UpdateOfferBody } from '@lingxi/shared';
import { Alert, Button, Card, Result, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { getAdminOffers, getAuditLog, updateOffer } from '../api/admin';
import { fenText, formatTime } from '../lib/format';
import '../orders.css';
import { listError, type ListError } from './admin-error';
import { LoginRequired } from './login-required';
import { OfferEditModal } from './offer-edit-modal';

/** A change as the log shows it: the fields that differ, old → new. */
function changeText(before: unknown, after: unknown): string {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const label: Record<string, (v: unknown) => string> = {
    enabled: (v) => (v ? '开' : '关'),
    priceFen: (v) => fenText(Number(v)),
    replies: (v) => `${String(v)}次`,
    title: (v) => String(v),
    includes: (v) => (Array.isArray(v) ? v.join('；') : String(v)),
  };
  const name: Record<string, string> = { enabled: '开关', priceFen: '价格', replies: '次数', title: '名称', includes: '内容' };
  const parts = Object.keys(label)
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => `${name[k]}：${label[k]?.(b[k])} → ${label[k]?.(a[k])}`);
  return parts.length ? parts.join('，') : '无变化';
}

interface OffersPageProps {
  initialized: boolean;
  signedIn: boolean;
}

/** /admin/offers (深度服务定价), issue 14: every persona's deep service, editable by admins only, each change logged. */
export function OffersPage({ initialized, signedIn }: OffersPageProps) {
  useDocumentTitle('深度服务定价');
  const isMobile = useIsMobile();
  const { message } = useFeedback();
  const [offers, setOffers] = useState<AdminOffer[] | null>(null);
  const [audit, setAudit] = useState<{ records: AuditRecord[]; total: number } | null>(null);
  const [auditPage, setAuditPage] = useState(1);
  const [error, setError] = useState<ListError | null>(null);
  const [editing, setEditing] = useState<AdminOffer | null>(null);

  // Bumped after a save: the list and the log are read again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    Promise.all([getAdminOffers(controller.signal), getAuditLog(auditPage, 10, controller.signal)]).then(
      ([o, a]) => {
        setOffers(o);
        setAudit(a);
        setError(null);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setError(listError(e));
      },
    );
    return () => controller.abort();
  }, [signedIn, auditPage, version]);

  const save = async (key: string, body: UpdateOfferBody) => {
    try {
      await updateOffer(key, body);
      message.success('已保存，新价格对之后的订单生效');
      setVersion((v) => v + 1);
      return true;
    } catch (e) {
      message.error(errorMessage(e, '保存失败'));
      return false;
    }
  };

  const edit = (o: AdminOffer) => (
    <Button size="small" onClick={() => setEditing(o)} aria-label={`编辑 ${o.persona_title}`}>
      编辑
    </Button>
  );
  const state = (on: boolean) => (on ? <Tag color="success">售卖中</Tag> : <Tag>已关闭</Tag>);
  const persona = (k: string) => offers?.find((o) => o.service_type === k)?.persona_title ?? k;
  // On a phone the columns stack so everything, the edit button included, fits 375 px.
  const columns: TableColumnsType<AdminOffer> = isMobile
    ? [
        {
          title: '服务',
          key: 'what',
          render: (_, o) => (
            <>
              <div>{o.persona_title}</div>
              <Typography.Text type="secondary" className="orders-count">
                {o.title}
              </Typography.Text>
            </>
          ),
        },
        {
          title: '价格',
          key: 'price',
          render: (_, o) => <span className="orders-left">{`${fenText(o.price_fen)} · ${o.replies}次`}</span>,
        },
        {
          title: '状态',
          key: 'edit',
          render: (_, o) => (
            <>
              <div>{state(o.enabled)}</div>
              {edit(o)}
            </>
          ),
        },
      ]
    : [
        { title: '服务', dataIndex: 'persona_title' },
        { title: '深度服务', dataIndex: 'title' },
        { title: '价格', dataIndex: 'price_fen', render: (f: number) => fenText(f) },
        { title: '次数', dataIndex: 'replies', render: (n: number) => `${n}次` },
        { title: '状态', dataIndex: 'enabled', render: (on: boolean) => state(on) },
        { title: '操作', key: 'edit', render: (_, o) => edit(o) },
      ];
  const auditColumns: TableColumnsType<AuditRecord> = isMobile
    ? [
        {
          title: '修改',
          key: 'all',
          render: (_, r) => (
            <>
              <div>{`${persona(r.target)}：${changeText(r.before, r.after)}`}</div>
              <Typography.Text type="secondary" className="orders-count">
                {`${formatTime(r.created_at)} · ${r.actor_phone ?? '（已注销）'}`}
              </Typography.Text>
            </>
          ),
        },
      ]
    : [
        { title: '时间', dataIndex: 'created_at', render: (t: string) => formatTime(t) },
        { title: '操作人', dataIndex: 'actor_phone', render: (p: string | null) => p ?? '（已注销）' },
        { title: '服务', dataIndex: 'target', render: (k: string) => persona(k) },
        { title: '修改（原 → 新）', key: 'change', render: (_, r) => changeText(r.before, r.after) },
      ];

  return (
    <div className="page">
      <div className="orders-page-head">
        <Typography.Title level={3}>深度服务定价</Typography.Title>
      </div>
      <LoginRequired initialized={initialized} signedIn={signedIn} subTitle="管理员登录后可编辑深度服务">
        {error?.forbidden ? (
          <Result status="403" title="无权访问" subTitle={error.text} />
        ) : (
          <>
            {error ? <Alert type="error" showIcon title={error.text} style={{ marginBottom: 12 }} /> : null}
            <Card size="small" title="各服务的深度服务" className="orders-totals">
              <Table<AdminOffer>
                rowKey="service_type"
                columns={columns}
                dataSource={offers ?? []}
                loading={signedIn && !offers && !error}
                pagination={false}
                size={isMobile ? 'small' : 'middle'}
              />
            </Card>
            <Card size="small" title="修改记录">
              <Table<AuditRecord>
                rowKey="id"
                columns={auditColumns}
                dataSource={audit?.records ?? []}
                size="small"
                locale={{ emptyText: '暂无修改记录' }}
                pagination={{ current: auditPage, pageSize: 10, total: audit?.total ?? 0, size: 'small', onChange: setAuditPage }}
              />
            </Card>
            <OfferEditModal offer={editing} onClose={() => setEditing(null)} onSave={save} />
          </>
        )}
      </LoginRequired>
    </div>
  );
}
