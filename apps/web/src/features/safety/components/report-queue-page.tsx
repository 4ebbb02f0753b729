import type { AdminReportView, ReportReason, ReportStatus } from '@lingxi/shared';
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_STATUS_TEXT } from '@lingxi/shared/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Input, Radio, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { safetyApi } from '../api/safety-api';
import '../safety.css';

const STATUS_COLOR = { pending: 'processing', resolved: 'success', dismissed: 'default' } as const;

/** /admin/reports: the report queue for administrators (the server refuses everyone else with 403). */
export function ReportQueuePage() {
  useDocumentTitle('举报处理');
  const [status, setStatus] = useState<ReportStatus | undefined>('pending');
  const [reason, setReason] = useState<ReportReason | undefined>();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['safety', 'report-queue', status, reason, page],
    queryFn: ({ signal }) => safetyApi.reportQueue({ status, reason, page, page_size: 20 }, signal),
    retry: false,
  });
  if (q.error instanceof ApiError && q.error.status === 403) {
    return (
      <div className="page">
        <Alert type="warning" showIcon title="无权限：仅管理员可以访问" />
      </div>
    );
  }
  return (
    <div className="page report-queue">
      <Typography.Title level={3}>举报处理</Typography.Title>
      <Flex gap={8} wrap className="report-filters">
        <Select
          allowClear
          placeholder="全部状态"
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={Object.entries(REPORT_STATUS_TEXT).map(([value, label]) => ({ value, label }))}
          aria-label="状态"
        />
        <Select
          allowClear
          placeholder="全部原因"
          value={reason}
          onChange={(v) => {
            setReason(v);
            setPage(1);
          }}
          options={Object.entries(REPORT_REASONS).map(([value, label]) => ({ value, label }))}
          aria-label="原因"
        />
      </Flex>
      {q.error && <Alert type="error" showIcon title={errorMessage(q.error, '加载失败')} />}
      <Table<AdminReportView>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        scroll={{ x: 640 }}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage, showTotal: (t) => `共 ${t} 条` }}
        onRow={(r) => ({ onClick: () => setOpenId(r.id) })}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 160, render: (v: string) => new Date(v).toLocaleString('zh-CN') },
          { title: '原因', dataIndex: 'reason', width: 90, render: (v: ReportReason) => REPORT_REASONS[v] },
          { title: '举报人', dataIndex: 'reporter_phone', width: 110, render: (v: string | null) => v ?? '已注销' },
          { title: '被举报内容', dataIndex: 'reply_excerpt', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (v: ReportStatus) => <Tag color={STATUS_COLOR[v]}>{REPORT_STATUS_TEXT[v]}</Tag>,
          },
        ]}
      />
      {openId && <ReportDetailDrawer id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}

function ReportDetailDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const isMobile = useIsMobile();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ['safety', 'report', id], queryFn: ({ signal }) => safetyApi.reportDetail(id, signal) });
  const [outcome, setOutcome] = useState<'resolved' | 'dismissed'>('resolved');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const report = q.data?.report;

  const resolve = async () => {
    setBusy(true);
    setError(null);
    try {
      await safetyApi.resolveReport(id, { status: outcome, note: note.trim() });
      message.success('已处理');
      await queryClient.invalidateQueries({ queryKey: ['safety'] });
      onClose();
    } catch (err) {
      setError(errorMessage(err, '处理失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer open title="举报详情" onClose={onClose} size={isMobile ? '100%' : 520} loading={q.isLoading}>
      {report && (
        <Flex vertical gap={12}>
          <Typography.Text>
            {REPORT_REASONS[report.reason]} · {report.reporter_phone ?? '已注销'} · {new Date(report.created_at).toLocaleString('zh-CN')}
          </Typography.Text>
          {report.detail && <Typography.Paragraph>补充说明：{report.detail}</Typography.Paragraph>}
          <Typography.Title level={5}>对话上下文</Typography.Title>
          {q.data?.context ? (
            <div className="report-context">
              {q.data.context.map((m) => (
                <div key={m.order} className={`report-context-msg ${m.order === report.order ? 'is-reported' : ''}`}>
                  <Tag>{m.role === 'user' ? '用户' : 'AI'}</Tag>
                  <span className="report-context-text">{m.content}</span>
                </div>
              ))}
            </div>
          ) : (
            <>
              <Typography.Text type="secondary">用户已删除该对话，以下为举报时的回复内容：</Typography.Text>
              <Typography.Paragraph className="report-excerpt">{report.reply_excerpt}</Typography.Paragraph>
            </>
          )}
          {report.status === 'pending' ? (
            <Flex vertical gap={8}>
              <Radio.Group value={outcome} onChange={(e) => setOutcome(e.target.value)}>
                <Radio value="resolved">已处理</Radio>
                <Radio value="dismissed">不予采纳</Radio>
              </Radio.Group>
              <Input.TextArea
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={REPORT_NOTE_MAX}
                showCount
                rows={3}
                placeholder="处理说明（举报人可见）"
                aria-label="处理说明"
                className="report-note"
              />
              {error && <Alert type="error" showIcon title={error} />}
              <Button type="primary" loading={busy} onClick={() => void resolve()}>
                提交处理结果
              </Button>
            </Flex>
          ) : (
            <Alert type="success" showIcon title={`${REPORT_STATUS_TEXT[report.status]}：${report.resolution_note ?? ''}`} />
          )}
        </Flex>
      )}
    </Drawer>
  );
}
