import type { UiMessage } from '../types';
import { MessageItem } from './message-item';

interface MessageListProps {
  messages: UiMessage[];
  sending: boolean;
  onCopy: (m: UiMessage) => void;
  onRegenerate: () => void;
}

export function MessageList({ messages, sending, onCopy, onRegenerate }: MessageListProps) {
  const lastIndex = messages.length - 1;
  return (
    <div className="chat-messages" role="log" aria-live="polite" aria-label="对话消息">
      {messages.map((m, i) => (
        <MessageItem
          key={m.id}
          message={m}
          canRegenerate={!sending && i === lastIndex && m.role === 'assistant' && m.status !== 'streaming'}
          onCopy={onCopy}
          onRegenerate={onRegenerate}
        />
      ))}
    </div>
  );
}
