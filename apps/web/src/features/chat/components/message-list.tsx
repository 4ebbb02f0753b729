import { Button } from 'antd';
import type { UiMessage } from '../types';
import { FollowUpChips } from './follow-up-chips';
import { MessageItem, type MessageActions } from './message-item';

interface MessageListProps extends MessageActions {
  messages: UiMessage[];
  sending: boolean;
  /** The server holds earlier messages of this session: offer to load them. */
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  /** Why the last reply failed, when it did. */
  failure?: string | null;
  /** A follow-up chip tapped: sent as the next question. */
  onAsk: (q: string) => void;
}

export function MessageList(p: MessageListProps) {
  const { messages, sending, hasOlder, loadingOlder, onLoadOlder, failure, onAsk, ...actions } = p;
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
      {messages.map((m, i) => {
        const last = i === lastIndex;
        const chips = last && !sending && m.role === 'assistant' && m.status === 'done' ? (m.followUps ?? []) : [];
        return (
          // Keyed by order, not id: the server's copy that replaces a streamed turn has new ids, and a new key would
          // remount the bubble and close what the user opened under it (the emergency-contact confirmation, 举报).
          <MessageItem
            key={m.order}
            message={m}
            canRegenerate={!sending && last && m.role === 'assistant' && m.status !== 'streaming'}
            failure={last ? failure : null}
            footer={chips.length ? <FollowUpChips questions={chips} onAsk={onAsk} /> : null}
            {...actions}
            onRetry={last && !sending ? actions.onRetry : undefined}
          />
        );
      })}
    </div>
  );
}
