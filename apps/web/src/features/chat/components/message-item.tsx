import { CopyOutlined, RedoOutlined, ReloadOutlined, RobotOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip } from 'antd';
import { memo, type ReactNode } from 'react';
import type { UiMessage } from '../types';
import { CrisisCard } from './crisis-card';
import { MarkdownContent } from './markdown-content';
import { MemoryHint } from './memory-hint';
import { VoteButtons } from './vote-buttons';

export interface MessageActions {
  onCopy: (m: UiMessage) => void;
  onRegenerate: () => void;
  /** 重试 of the failed last reply. */
  onRetry?: () => void;
  onShare?: (m: UiMessage) => void;
  onVote?: (m: UiMessage, vote: 'up' | 'down' | null) => void;
  /** Extra actions under a finished AI reply (举报), composed in by the app. */
  renderActions?: (m: UiMessage) => ReactNode;
  /** Shown under the crisis card (notify the emergency contact), composed in by the app. */
  crisisAction?: ReactNode;
}

interface MessageItemProps extends MessageActions {
  message: UiMessage;
  /** Only the last reply can be regenerated, and not while another is being sent. */
  canRegenerate: boolean;
  /** The failed last reply: why it failed (one notice, with 重试). */
  failure?: string | null;
  /** Under the last completed reply, when nothing is streaming: the follow-up chips. */
  footer?: ReactNode;
}

/** One tag per way a reply can end, the same words the failure notice uses. */
const STATUS_TAG: Partial<Record<UiMessage['status'], { color: string; text: string }>> = {
  streaming: { color: 'green', text: '生成中' },
  aborted: { color: 'default', text: '已停止生成' },
  error: { color: 'error', text: '回复失败' },
  blocked: { color: 'warning', text: '内容已拦截' },
};

/** One message. Memoised: while a reply streams in, only the streaming message re-renders. */
export const MessageItem = memo(function MessageItem(p: MessageItemProps) {
  const { message: m, canRegenerate, failure, footer, onCopy, onRegenerate, onRetry, onShare, onVote, renderActions, crisisAction } = p;
  if (m.role === 'user') {
    return (
      <div className="chat-msg chat-msg-user" data-testid="message-user" data-order={m.order}>
        <div className="chat-bubble chat-bubble-user">{m.content}</div>
      </div>
    );
  }
  const tag = STATUS_TAG[m.status];
  const waiting = m.status === 'pending' || (m.status === 'streaming' && !m.content);
  const settled = !waiting && m.status !== 'streaming';
  const failed = m.status === 'error';
  return (
    <div className="chat-msg chat-msg-ai" data-testid="message-assistant" data-status={m.status} data-order={m.order}>
      <div className="chat-avatar" aria-hidden>
        <RobotOutlined />
      </div>
      <div className="chat-msg-body">
        {failed && !m.content ? null : (
          <div className={`chat-bubble chat-bubble-ai${m.status === 'blocked' ? ' chat-bubble-blocked' : ''}`}>
            {waiting ? (
              <span className="chat-typing">
                <span className="chat-typing-dots" aria-hidden>
                  <i />
                  <i />
                  <i />
                </span>
                AI正在思考中...
              </span>
            ) : m.content ? (
              <MarkdownContent text={m.content} streaming={m.status === 'streaming'} />
            ) : (
              <span className="chat-empty-reply">（已停止，没有生成内容）</span>
            )}
          </div>
        )}
        {failed && (
          <div className="chat-failed" role="alert" data-testid="reply-failed">
            <span className="chat-failed-text">{failure ?? '回复没有完成，请重试'}</span>
            {onRetry && (
              <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
                重试
              </Button>
            )}
          </div>
        )}
        {m.crisis && <CrisisCard action={crisisAction} />}
        <div className="chat-msg-meta">
          <Tag className="chat-ai-label" color="green" variant="outlined">
            AI 生成
          </Tag>
          {tag && <Tag color={tag.color}>{tag.text}</Tag>}
          {(m.memoryUsed || m.remembered) && <MemoryHint used={!!m.memoryUsed} remembered={m.remembered ?? null} />}
          {settled && m.content && (
            <Tooltip title="复制">
              <Button size="small" type="text" icon={<CopyOutlined />} onClick={() => onCopy(m)} aria-label="复制" />
            </Tooltip>
          )}
          {settled && m.content && onShare && m.status === 'done' && (
            <Tooltip title="分享为图片">
              <Button size="small" type="text" icon={<ShareAltOutlined />} onClick={() => onShare(m)} aria-label="分享为图片" />
            </Tooltip>
          )}
          {settled && m.content && onVote && m.status === 'done' && m.id.startsWith('o') && (
            <VoteButtons vote={m.vote ?? null} onVote={(v) => onVote(m, v)} />
          )}
          {settled && renderActions?.(m)}
          {canRegenerate && !failed && (
            <Tooltip title="重新生成">
              <Button size="small" type="text" icon={<RedoOutlined />} onClick={onRegenerate} aria-label="重新生成" />
            </Tooltip>
          )}
        </div>
        {footer}
      </div>
    </div>
  );
});
