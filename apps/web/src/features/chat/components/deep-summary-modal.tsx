import type { DeepSessionInfo } from '@lingxi/shared';
import { Button, Flex, Modal, Spin, Typography } from 'antd';
import { MarkdownContent } from './markdown-content';

interface DeepSummaryModalProps {
  open: boolean;
  deep: DeepSessionInfo | null;
  busy: boolean;
  onClose: () => void;
  onGenerate: () => void;
}

/** The deep session's 深度总结 (saved with it), and a way to write a new one while the server allows it. */
export function DeepSummaryModal({ open, deep, busy, onClose, onGenerate }: DeepSummaryModalProps) {
  const summary = deep?.summary ?? null;
  return (
    <Modal title="深度总结" open={open} onCancel={onClose} footer={null} width={560} centered destroyOnHidden>
      {busy ? (
        <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }}>
          <Spin />
          <Typography.Text type="secondary">正在整理本次深度会话，请稍候…</Typography.Text>
        </Flex>
      ) : summary ? (
        <div className="deep-summary" data-testid="deep-summary">
          <MarkdownContent text={summary} streaming={false} />
          <Typography.Text type="secondary" className="deep-summary-meta">
            生成于 {deep?.summary_at ? new Date(deep.summary_at).toLocaleString('zh-CN', { hour12: false }) : ''} · 内容由AI生成，仅供参考
          </Typography.Text>
        </div>
      ) : (
        <Typography.Paragraph type="secondary">
          还没有深度总结。总结会提炼本次会话中你关心的问题、关键分析与行动建议，并随会话保存。
        </Typography.Paragraph>
      )}
      {!busy && deep ? (
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 12 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            还可生成 {deep.summaries_left} 次（不占用深度回复次数）
          </Typography.Text>
          <Button type={summary ? 'default' : 'primary'} disabled={deep.summaries_left <= 0} onClick={onGenerate}>
            {summary ? '重新生成' : '生成深度总结'}
          </Button>
        </Flex>
      ) : null}
    </Modal>
  );
}
