import { REPORT_DETAIL_MAX, REPORT_REASONS, type ReportReasonKey } from '@lingxi/shared/rules';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { safetyApi } from '../api/safety-api';
import '../safety.css';

interface ReportDialogProps {
  open: boolean;
  sessionId: string;
  order: number;
  onClose: () => void;
}

/** 举报 one AI reply: a reason and an optional detail; the result shows under 我的举报 in the profile. */
export function ReportDialog({ open, sessionId, order, onClose }: ReportDialogProps) {
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<ReportReasonKey | null>(null);
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!reason) {
      setError('请选择举报原因');
      return;
    }
    setBusy(true);
    try {
      await safetyApi.report({ session_id: sessionId, order, reason, detail: detail.trim() || null });
      message.success('举报已提交，我们会尽快处理');
      void queryClient.invalidateQueries({ queryKey: ['safety', 'my-reports'] });
      setReason(null);
      setDetail('');
      onClose();
    } catch (err) {
      setError(errorMessage(err, '提交失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="举报这条回复"
      okText="提交举报"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      width={420}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">我们会在核实后处理，处理结果可在“个人资料 · 我的举报”中查看。</Typography.Paragraph>
      <Radio.Group
        value={reason}
        onChange={(e) => {
          setReason(e.target.value as ReportReasonKey);
          setError(null);
        }}
        aria-label="举报原因"
      >
        <Space orientation="vertical">
          {Object.entries(REPORT_REASONS).map(([key, label]) => (
            <Radio key={key} value={key}>
              {label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <Input.TextArea
        className="report-detail"
        value={detail}
        onChange={(e) => setDetail(e.target.value)}
        maxLength={REPORT_DETAIL_MAX}
        showCount
        rows={3}
        placeholder="补充说明（选填）"
        aria-label="补充说明"
      />
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Modal>
  );
}
