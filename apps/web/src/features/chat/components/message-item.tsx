import { CopyOutlined, RedoOutlined, RobotOutlined } from '@ant-design/icons';
import { Button, Tag, Tooltip } from 'antd';
import { memo, type ReactNode } from 'react';
import type { UiMessage } from '../types';
import { CrisisCard } from './crisis-card';
import { MarkdownContent } from './markdown-content';
import { MemoryHint } from './memory-hint';

interface MessageItemProps {
  message: UiMessage;
  /** Only the last reply can be regenerated, and not while another is being sent. */
  canRegenerate: boolean;
  onCopy: (m: UiMessage) => void;
  onRegenerate: () => void;
  /** Extra actions under a finished AI reply (举报), composed in by the app. */
  renderActions?: (m: UiMessage) => ReactNode;
  /** Shown under the crisis card (notify the emergency contact), composed in by the app. */
  crisisAction?: ReactNode;
}

const STATUS_TAG: Partial<Record<UiMessage['status'], { color: string; text: string }>> = {
  streaming: { color: 'processing', text: '生成中' },
  aborted: { color: 'default', text: '已停止生成' },
  error: { color: 'error', text: '回复未完成' },
  blocked: { color: 'warning', text: '内容已拦截' },
};

/** One message. Memoised: while a reply streams in, only the streaming message re-renders. */
export const MessageItem = memo(function MessageItem({
  message: m,
  canRegenerate,
  onCopy,
  onRegenerate,
  renderActions,
  crisisAction,
}: MessageItemProps) {
  if (m.role === 'user') {
    return (
      <div className="chat-msg chat-msg-user" data-testid="message-user" data-order={m.order}>
        <div className="chat-bubble chat-bubble-user">{m.content}</div>
      </div>
    );
  }
  const tag = STATUS_TAG[m.status];
  const waiting = m.status === 'pending' || (m.status === 'streaming' && !m.content);
  return (
    <div className="chat-msg chat-msg-ai" data-testid="message-assistant" data-status={m.status} data-order={m.order}>
      <div className="chat-avatar" aria-hidden>
        <RobotOutlined />
      </div>
      <div className="chat-msg-body">
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
            <span className="chat-empty-reply">（没有收到回复内容）</span>
          )}
        </div>
        {m.crisis && <CrisisCard action={crisisAction} />}
        <div className="chat-msg-meta">
          <Tag className="chat-ai-label" color="green" variant="outlined">
            AI 生成
          </Tag>
          {tag && <Tag color={tag.color}>{tag.text}</Tag>}
          {(m.memoryUsed || m.remembered) && <MemoryHint used={!!m.memoryUsed} remembered={m.remembered ?? null} />}
          {!waiting && m.content && (
            <Tooltip title="复制">
              <Button size="small" type="text" icon={<CopyOutlined />} onClick={() => onCopy(m)} aria-label="复制" />
            </Tooltip>
          )}
          {!waiting && m.status !== 'streaming' && renderActions?.(m)}
          {canRegenerate && (
            <Tooltip title="重新生成">
              <Button size="small" type="text" icon={<RedoOutlined />} onClick={onRegenerate} aria-label="重新生成" />
            </Tooltip>
          )}
        </div>
      </div>
    </div>
  );
});
