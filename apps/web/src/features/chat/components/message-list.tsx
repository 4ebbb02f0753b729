import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { UiMessage } from '../types';
import { MessageItem } from './message-item';

interface MessageListProps {
  messages: UiMessage[];
  sending: boolean;
  /** The server holds earlier messages of this session: offer to load them. */
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  onCopy: (m: UiMessage) => void;
  onRegenerate: () => void;
  renderActions?: (m: UiMessage) => ReactNode;
  crisisAction?: ReactNode;
}

export function MessageList(p: MessageListProps) {
  const { messages, sending, hasOlder, loadingOlder, onLoadOlder, onCopy, onRegenerate, renderActions, crisisAction } = p;
  const lastIndex = messages.length - 1;
  return (
    <div className="chat-messages" role="log" aria-live="polite" aria-label="对话消息">
      {hasOlder && messages.length > 0 && (
        <div className="chat-older">
          <Button type="link" size="small" loading={loadingOlder} onClick={onLoadOlder}>
            {loadingOlder ? '正在加载…' : '加载更早的消息'}
          </Button>
        </div>
      )}
      {messages.map((m, i) => (
        <MessageItem
          key={m.id}
          message={m}
          canRegenerate={!sending && i === lastIndex && m.role === 'assistant' && m.status !== 'streaming'}
          onCopy={onCopy}
          onRegenerate={onRegenerate}
          renderActions={renderActions}
          crisisAction={crisisAction}
        />
      ))}
    </div>
  );
}
