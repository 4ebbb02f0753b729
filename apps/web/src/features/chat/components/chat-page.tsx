import type { PersonaPublic } from '@lingxi/shared';
import { Alert } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router';
import { config } from '@/config/env';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { useFeedback } from '@/lib/feedback';
import { getPersona } from '../api/get-persona';
import { getSessionDetail } from '../api/get-session-detail';
import { copyText } from '../lib/copy-text';
import { useChatSessions } from '../hooks/use-chat-sessions';
import { useKeyboardViewport } from '../hooks/use-keyboard-viewport';
import { useSendMessage } from '../hooks/use-send-message';
import { useChatStore } from '../stores/chat-store';
import { messagesCache } from '../stores/messages-cache';
import type { UiMessage } from '../types';
import '../chat.css';
import { ChatHeader } from './chat-header';
import { ChatInput } from './chat-input';
import { EmptyChat } from './empty-chat';
import { HistoryDrawer } from './history-drawer';
import { MessageList } from './message-list';
import { TipButton } from './tip-button';

/** Spec §2: the first built-in type, when neither the route nor a prop names one. */
const FIRST_BUILT_IN_TYPE = 'bazi';

export interface ChatPageProps {
  userId: string;
  /** Used when the route has no :type (spec §2). */
  type?: string;
  /** 401/403 from the stream: drop the session and go to /login. */
  onUnauthorized: () => void;
  /** The tip button; the app passes the payments feature's (same props). Defaults to a placeholder. */
  tipButton?: ComponentType<{ disabled?: boolean }>;
}

export function ChatPage({ userId, type: typeProp, onUnauthorized, tipButton: Tip = TipButton }: ChatPageProps) {
  const params = useParams<{ type?: string }>();
  const type = params.type || typeProp || FIRST_BUILT_IN_TYPE;
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { message } = useFeedback();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [persona, setPersona] = useState<PersonaPublic | null>(null);
  const messages = useChatStore((s) => s.messages);
  const loading = useChatStore((s) => s.loading);
  const error = useChatStore((s) => s.error);
  const scroller = useRef<HTMLDivElement>(null);

  useDocumentTitle(persona?.title);
  useEffect(() => useChatStore.getState().setChatType(type), [type]);
  useEffect(() => {
    const ctl = new AbortController();
    setPersona(null);
    getPersona(type, ctl.signal).then(setPersona, () => undefined);
    return () => ctl.abort();
  }, [type]);

  const stopRef = useRef<() => void>(() => undefined);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const beforeSwitch = useCallback(() => stopRef.current(), []);
  const sessions = useChatSessions({ userId, type, closeDrawer, beforeSwitch });
  const { loadMessages, reloadList } = sessions;

  const onSettled = useCallback(
    (sessionId: string) => {
      void settleFromServer(userId, sessionId);
      void reloadList().catch(() => undefined);
    },
    [userId, reloadList],
  );
  const sender = useSendMessage({ type, sessionId: sessions.cacheKey, onUnauthorized, onSettled });
  stopRef.current = sender.stop;

  // A reply still 'streaming' on the server (a refresh mid-reply, another tab) is followed until it settles.
  const last = messages.at(-1);
  useEffect(() => {
    if (sender.sending || last?.status !== 'streaming' || !sessions.cacheKey) return;
    const id = sessions.cacheKey;
    const t = setTimeout(() => void loadMessages(id, { quiet: true }), 1000);
    return () => clearTimeout(t);
  }, [sender.sending, last, sessions.cacheKey, loadMessages]);

  useEffect(() => {
    if (!sender.sending && sessions.cacheKey && messages.length) messagesCache.put(userId, sessions.cacheKey, messages);
  }, [sender.sending, messages, sessions.cacheKey, userId]);

  const scrollToEnd = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);
  // A new message always brings the view to the end; a growing reply keeps it there only if the reader has not
  // scrolled up to read something earlier.
  const seen = useRef(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < 160;
    if (messages.length !== seen.current || nearEnd) scrollToEnd();
    seen.current = messages.length;
  }, [messages, scrollToEnd]);
  const keyboardHeight = useKeyboardViewport(isMobile, scrollToEnd);

  const onCopy = useCallback(
    (m: UiMessage) => {
      // Labelling rules: copied AI text carries its label too.
      const text = m.role === 'assistant' ? `${m.content}\n\n（内容由AI生成，仅供参考）` : m.content;
      void copyText(text).then((ok) => (ok ? message.success('已复制') : message.error('复制失败')));
    },
    [message],
  );

  const noSession = !sessions.cacheKey;
  const title = persona?.title ?? '';
  return (
    <div className="chat-page" style={keyboardHeight ? { height: keyboardHeight } : undefined}>
      <ChatHeader title={title} productName={config.productName} onBack={() => navigate('/')} />
      <main className="chat-body" ref={scroller}>
        <div className="chat-body-inner">
          {messages.length === 0 && !loading && !noSession && <EmptyChat persona={persona} disabled={sender.sending} onAsk={sender.send} />}
          {messages.length === 0 && !loading && noSession && (
            <Alert
              type="info"
              showIcon
              title="当前没有选中的对话"
              description="打开左侧菜单，新建对话或选择一条历史记录。"
              className="chat-alert"
            />
          )}
          <MessageList messages={messages} sending={sender.sending} onCopy={onCopy} onRegenerate={sender.regenerate} />
          {error && <Alert type="error" showIcon title={error} description={sender.errorDetail ?? undefined} className="chat-alert" />}
        </div>
      </main>
      <footer className="chat-footer">
        <ChatInput
          sending={sender.sending}
          disabled={loading || noSession}
          menuDisabled={loading}
          onSend={sender.send}
          onStop={sender.stop}
          onMenu={() => setDrawerOpen(true)}
          tip={<Tip disabled={loading || sender.sending || noSession} />}
        />
      </footer>
      <HistoryDrawer
        open={drawerOpen}
        isMobile={isMobile}
        onClose={closeDrawer}
        sessions={sessions.sessions}
        currentId={sessions.cacheKey}
        onNew={() => void sessions.createNew()}
        onSelect={(id) => void sessions.select(id)}
        onDelete={(id) => void sessions.remove(id)}
        onRename={sessions.rename}
      />
    </div>
  );
}

/**
 * Spec §4: when a stream ends the session is reloaded from the server. After a stop the server may not have
 * written the final 'aborted' state yet (it learns of the disconnect a moment later), so a reply still marked
 * 'streaming' is asked for again briefly instead of flipping the bubble back to '生成中'.
 */
async function settleFromServer(userId: string, sessionId: string) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const messages = await getSessionDetail(sessionId).catch(() => null);
    const store = useChatStore.getState();
    const localLast = store.messages.at(-1)?.status;
    // Another chat was opened, or a new question is already on its way: this answer is stale.
    if (!messages || store.cacheKey !== sessionId || localLast === 'pending' || localLast === 'streaming') return;
    if (messages.at(-1)?.status === 'streaming' && attempt < 9) {
      await new Promise((r) => setTimeout(r, 300));
      continue;
    }
    store.setMessages(messages);
    messagesCache.put(userId, sessionId, messages);
    return;
  }
}
