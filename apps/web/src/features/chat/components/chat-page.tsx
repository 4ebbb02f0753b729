import type { ChatSearchHit, OrderDetail } from '@lingxi/shared';
import { Alert, Button, Spin } from 'antd';
import { AI_COPY_SUFFIX } from '@lingxi/shared/rules';
import { useCallback, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { FIRST_BUILT_IN_TYPE } from '@/config/paths';
import { useNavigate, useParams } from 'react-router';
import { config } from '@/config/env';
import { chatHref, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useFeedback } from '@/lib/feedback';
import { voteMessage } from '../api/vote-message';
import { copyText } from '../lib/copy-text';
import { useIsDesktop } from '../hooks/use-is-desktop';
import { useChat } from '../hooks/use-chat';
import { useDeepSummary } from '../hooks/use-deep-summary';
import { requestJump, useJumpToMessage } from '../hooks/use-jump-to-message';
import { useKeyboardViewport } from '../hooks/use-keyboard-viewport';
import { useLeaveSession } from '../hooks/use-leave-session';
import { usePrivateChat } from '../hooks/use-private-chat';
import { useChatStore } from '../stores/chat-store';
import type { UiMessage } from '../types';
import '../chat.css';
import '../chat-polish.css';
import { ChatHeader } from './chat-header';
import { ChatInput } from './chat-input';
import { DeepBanner } from './deep-banner';
import { DeepSummaryModal } from './deep-summary-modal';
import { EmptyChat } from './empty-chat';
import { HistoryDrawer } from './history-drawer';
import { HistorySearch } from './history-search';
import { HistorySidebar } from './history-sidebar';
import { MessageList } from './message-list';
import { PersonaNotFound } from './persona-not-found';
import { PrivateChatBanner, PrivateChatButton } from './private-chat';
import { ScrollToEnd } from './scroll-to-end';
import { ShareReplyCard, type ShareReplyTarget } from './share-reply-card';
import { TipButton } from './tip-button';

export interface ChatPageProps {
  userId: string;
  /** Used when the route has no :type (spec §2). */
  type?: string;
  /** 401/403 from the stream: drop the session and go to /login. */
  onUnauthorized: () => void;
  /** The tip button; the app passes the payments feature's (same props). Defaults to a placeholder. */
  tipButton?: ComponentType<{ disabled?: boolean }>;
  /**
   * The persona's deep service (issue 14): price, purchase, and a payer back from a phone cashier. The app passes the
   * orders feature's; without one the page offers free chat only.
   */
  deepOffer?: ComponentType<DeepOfferSlotProps>;
  /** The safety feature's parts (AI notice and break reminder, 举报, emergency contact), composed in by the app. */
  safety?: ChatSafetySlots;
  /** Open this session at once and ask this question in it first (a chart's "让AI解读", issue #15). */
  openSession?: string | null;
  firstQuestion?: string | null;
  /** The user left a session (another opened, the page left): the memory feature reads it now (issue #16). */
  onLeaveSession?: (sessionId: string) => void;
  /** The memory feature's one-time notice that memory is on, shown above an ordinary chat. */
  memoryNotice?: ReactNode;
}

export interface DeepOfferSlotProps {
  type: string;
  onPaid: (sessionId: string, order: OrderDetail) => void;
  again?: boolean;
}

/** What the chat asks of the safety layer: a 428 from the server is shown as the notice or reminder it names. */
export interface ChatGateRequest {
  reason: 'disclosure' | 'break';
  retry: () => void;
}
export interface ChatSafetySlots {
  Guard: ComponentType<{ companion: boolean; request: ChatGateRequest | null; onRequestHandled: () => void }>;
  ReportAction: ComponentType<{ sessionId: string; order: number }>;
  CrisisAction: ComponentType<{ sessionId: string }>;
}

export function ChatPage({
  userId,
  type: typeProp,
  onUnauthorized,
  tipButton: Tip = TipButton,
  deepOffer: Offer,
  safety,
  openSession,
  firstQuestion,
  onLeaveSession,
  memoryNotice,
}: ChatPageProps) {
  const params = useParams<{ type?: string }>();
  const type = params.type || typeProp || FIRST_BUILT_IN_TYPE;
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const isDesktop = useIsDesktop();
  const { message } = useFeedback();
  const [sharing, setSharing] = useState<ShareReplyTarget | null>(null);
  const [gate, setGate] = useState<ChatGateRequest | null>(null);
  const onGate = useCallback((reason: ChatGateRequest['reason'], retry: () => void) => setGate({ reason, retry }), []);
  const clearGate = useCallback(() => setGate(null), []);
  const chat = useChat({ userId, type, onUnauthorized, onGate: safety ? onGate : undefined, openSession, firstQuestion });
  const { messages, loading, error, deep } = chat;
  const summary = useDeepSummary(chat.sending);
  const scroller = useRef<HTMLDivElement>(null);
  const { openDeep } = chat;
  const onPaid = useCallback((sessionId: string, order: OrderDetail) => void openDeep(sessionId, order.replies_total), [openDeep]);

  useDocumentTitle(chat.notFound ? '没有找到这个AI助手' : chat.persona?.title);

  const scrollToEnd = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  // A new message always brings the view to the end; a growing reply keeps it there only if the reader has not
  // scrolled up to read something earlier. Earlier messages loaded above keep the reader where they were.
  const seen = useRef({ count: 0, last: '', height: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = seen.current;
    const lastId = messages.at(-1)?.id ?? '';
    const olderAbove = messages.length > before.count && lastId === before.last && before.count > 0;
    if (olderAbove) el.scrollTop += el.scrollHeight - before.height;
    else {
      const nearEnd = before.height - el.scrollTop - el.clientHeight < 160;
      if (messages.length !== before.count || nearEnd) scrollToEnd();
    }
    seen.current = { count: messages.length, last: lastId, height: el.scrollHeight };
  }, [messages, scrollToEnd]);
  const keyboardHeight = useKeyboardViewport(isMobile, scrollToEnd);

  // Issue #16: private chat, leaving a session (memory), and a search hit opened at its message.
  const priv = usePrivateChat({ userId, type, cacheKey: chat.cacheKey, stop: chat.stop });
  useLeaveSession(chat.cacheKey, onLeaveSession);
  const lookAgain = useJumpToMessage({ ...chat, scroller });
  const { select, closeDrawer, createNew } = chat;
  const openHit = useCallback(
    (hit: ChatSearchHit) => {
      requestJump(hit.session_id, hit.order);
      closeDrawer();
      if (hit.service_type !== type) {
        // The other persona's page opens the linked session; nothing of this chat may stay on screen meanwhile.
        chat.stop();
        useChatStore.getState().clearChat();
        useChatStore.getState().setCacheKey(hit.session_id);
        void navigate(`${chatHref(hit.service_type)}?session=${encodeURIComponent(hit.session_id)}`);
      } else if (hit.session_id !== chat.cacheKey) void select(hit.session_id);
      else lookAgain();
    },
    [type, chat, navigate, select, closeDrawer, lookAgain],
  );
  const endPrivate = useCallback(() => {
    priv.end();
    const next = chat.sessions[0];
    if (next) void select(next.session_id);
    else void createNew();
  }, [priv, chat.sessions, select, createNew]);

  const onCopy = useCallback(
    (m: UiMessage) => {
      // Labelling rules: copied AI text carries its label too.
      const text = m.role === 'assistant' ? `${m.content}${AI_COPY_SUFFIX}` : m.content;
      void copyText(text).then((ok) => (ok ? message.success('已复制') : message.error('复制失败')));
    },
    [message],
  );

  const noSession = !chat.cacheKey;
  const sessionId = chat.cacheKey;

  const onShare = useCallback(
    (m: UiMessage) => {
      if (!sessionId) return;
      const before = messages[messages.findIndex((x) => x.id === m.id) - 1];
      setSharing({
        sessionId,
        order: m.order,
        reply: m.content,
        question: before?.role === 'user' ? before.content : null,
        model: m.model ?? null,
      });
    },
    [sessionId, messages],
  );
  const onVote = useCallback(
    (m: UiMessage, vote: 'up' | 'down' | null) => {
      if (!sessionId) return;
      const set = (v: typeof vote) =>
        useChatStore.getState().setMessages((prev) => prev.map((x) => (x.id === m.id ? { ...x, vote: v } : x)));
      const was = m.vote ?? null;
      set(vote);
      voteMessage(sessionId, m.order, vote).then(
        () => vote && message.success('感谢你的反馈'),
        () => {
          set(was);
          message.error('评价失败，请稍后重试');
        },
      );
    },
    [sessionId, message],
  );
  const lastFailed = messages.at(-1)?.status === 'error' && messages.at(-1)?.role === 'assistant';
  const Report = safety?.ReportAction;
  const renderActions = useCallback(
    (m: UiMessage) =>
      Report && sessionId && m.role === 'assistant' && m.content ? <Report sessionId={sessionId} order={m.order} /> : null,
    [Report, sessionId],
  );
  const Crisis = safety?.CrisisAction;
  const crisisAction = Crisis && sessionId ? <Crisis sessionId={sessionId} /> : undefined;
  const Guard = safety?.Guard;
  const title = chat.persona?.title ?? '';
  const history = {
    sessions: chat.sessions,
    currentId: chat.cacheKey,
    onNew: () => void chat.createNew({ announce: true }),
    onSelect: (id: string) => void chat.select(id),
    onDelete: (id: string) => void chat.remove(id),
    onRename: chat.rename,
    search: (list: ReactNode) => <HistorySearch onOpen={openHit}>{list}</HistorySearch>,
  };
  if (chat.notFound) {
    return (
      <div className="chat-page">
        <ChatHeader title="没有找到这个AI助手" productName={config.productName} onBack={() => navigate(paths.home)} />
        <PersonaNotFound onHome={() => navigate(paths.home)} />
      </div>
    );
  }
  return (
    <div className="chat-page" style={keyboardHeight ? { height: keyboardHeight } : undefined}>
      <ChatHeader
        title={title}
        productName={config.productName}
        onBack={() => navigate(paths.home)}
        extra={<PrivateChatButton active={priv.active} disabled={loading || chat.sending} onStart={() => void priv.start()} />}
      />
      <div className="chat-main">
        {isDesktop && <HistorySidebar {...history} />}
        <div className="chat-column">
          {deep ? (
            <DeepBanner
              deep={deep}
              onSummary={summary.show}
              summarizing={summary.busy}
              again={Offer ? <Offer type={type} onPaid={onPaid} again /> : null}
            />
          ) : Offer ? (
            <Offer type={type} onPaid={onPaid} />
          ) : null}
          <div className="chat-body-wrap">
            <main className="chat-body" ref={scroller}>
              <div className="chat-body-inner">
                {priv.active ? <PrivateChatBanner onEnd={endPrivate} /> : memoryNotice}
                {messages.length === 0 && !loading && !noSession && (
                  <EmptyChat
                    persona={chat.persona}
                    disabled={chat.sending}
                    onAsk={chat.send}
                    deep={deep ? { title: deep.title, replies: deep.replies_total } : null}
                  />
                )}
                {messages.length === 0 && noSession && (
                  <div className="chat-opening">
                    <Spin />
                  </div>
                )}
                {/* Keyed by session: its messages are keyed by order, which another session repeats. */}
                <MessageList
                  key={sessionId ?? ''}
                  messages={messages}
                  sending={chat.sending}
                  hasOlder={chat.hasOlder}
                  loadingOlder={chat.loadingOlder}
                  onLoadOlder={() => void chat.loadOlder()}
                  onCopy={onCopy}
                  onRegenerate={chat.regenerate}
                  onRetry={chat.retry}
                  onShare={onShare}
                  onVote={onVote}
                  onAsk={chat.send}
                  failure={lastFailed ? [error, chat.errorDetail].filter(Boolean).join('：') || null : null}
                  renderActions={safety ? renderActions : undefined}
                  crisisAction={crisisAction}
                />
                {error && !lastFailed && (
                  <Alert
                    type="error"
                    showIcon
                    title={error}
                    description={chat.errorDetail ?? undefined}
                    className="chat-alert"
                    action={
                      !loading && !chat.sending && messages.length ? (
                        <Button size="small" onClick={chat.retry}>
                          重试
                        </Button>
                      ) : undefined
                    }
                  />
                )}
              </div>
            </main>
            <ScrollToEnd scroller={scroller} onClick={scrollToEnd} />
          </div>
          <footer className="chat-footer">
            <ChatInput
              sending={chat.sending}
              disabled={loading || noSession}
              menuDisabled={loading}
              onSend={chat.send}
              onStop={chat.stop}
              onMenu={chat.openDrawer}
              tip={<Tip disabled={loading || chat.sending || noSession} />}
              lockedReason={deep && deep.replies_left === 0 ? '本次深度回复已用完，可查看深度总结或再次购买' : null}
            />
          </footer>
        </div>
      </div>
      <DeepSummaryModal
        open={summary.open}
        deep={deep}
        busy={summary.busy}
        onClose={summary.hide}
        onGenerate={() => void summary.summarize()}
      />
      {Guard && <Guard companion={!!chat.persona?.companion} request={gate} onRequestHandled={clearGate} />}
      <HistoryDrawer open={chat.drawerOpen} isMobile={isMobile} onClose={chat.closeDrawer} {...history} />
      {sessionId && (
        <ShareReplyCard target={sharing} onClose={() => setSharing(null)} persona={{ title, color: chat.persona?.color }} userId={userId} />
      )}
    </div>
  );
}
