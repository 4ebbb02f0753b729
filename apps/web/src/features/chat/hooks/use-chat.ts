import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { chatQueries } from '../api/chat-queries';
import { createChat } from '../api/create-chat';
import { deleteSession } from '../api/delete-session';
import { getSessionDetail } from '../api/get-session-detail';
import { renameSession } from '../api/rename-session';
import { startTurn, type Turn } from '../lib/chat-turn';
import { withNewestPage, withOlderPage } from '../lib/history-pages';
import { settleFromServer } from '../lib/settle-from-server';
import { newUuid } from '../lib/uuid';
import { useChatStore } from '../stores/chat-store';
import { messagesCache } from '../stores/messages-cache';
import type { SessionItem, UiMessage } from '../types';
import { useFollowStreaming } from './use-follow-streaming';

interface Options {
  userId: string;
  type: string;
  /** 401/403 from the stream: drop the session and go to /login (spec §8). */
  onUnauthorized: () => void;
  /** A session made elsewhere to open at once (a chart's "让AI解读", issue #15), and the question to ask in it first. */
  openSession?: string | null;
  firstQuestion?: string | null;
  /** 428: the AI notice or break reminder must be acknowledged; `retry` asks the same question again after that. */
  onGate?: (reason: 'disclosure' | 'break', retry: () => void) => void;
}

const NO_SESSIONS: SessionItem[] = [];

/**
 * Everything the chat screen does with the server (spec §4 'Chat session flow' and 'Sending a message'): the persona
 * and the session list come from the query cache (ADR 013); the conversation on screen lives in the chat store,
 * because a reply is written into it as it streams and the server's copy replaces it when the stream ends.
 */
export function useChat({ userId, type, onUnauthorized, onGate, openSession, firstQuestion }: Options) {
  const sendRef = useRef<(text: string) => boolean>(() => false);
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const personaQuery = useQuery(chatQueries.persona(type));
  const persona = personaQuery.data ?? null;
  // /chat/<a type that does not exist>: a friendly not-found, and no session is started for it.
  const notFound = personaQuery.error instanceof ApiError && personaQuery.error.status === 404;
  const sessions = useQuery(chatQueries.sessions(userId, type)).data ?? NO_SESSIONS;
  const cacheKey = useChatStore((s) => s.cacheKey);
  const messages = useChatStore((s) => s.messages);
  const loading = useChatStore((s) => s.loading);
  const error = useChatStore((s) => s.error);
  const hasOlder = useChatStore((s) => s.hasOlder);
  const deep = useChatStore((s) => s.deep);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [errorDetail, setErrorDetail] = useState<string | null>(null);
  /** The question of the turn that failed, to ask again when its reply never reached the server. */
  const failedQuery = useRef<string | null>(null);
  const turn = useRef<Turn | null>(null);

  useEffect(() => useChatStore.getState().setChatType(type), [type]);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const stop = useCallback(() => turn.current?.stop(), []);
  const reloadList = useCallback(
    () => queryClient.invalidateQueries({ queryKey: chatQueries.sessions(userId, type).queryKey }),
    [queryClient, userId, type],
  );

  /**
   * Loads a session's newest page; paints the local cache first when there is one. Older messages the reader paged
   * back to stay. Resolves false on failure.
   */
  const loadMessages = useCallback(
    async (sessionId: string, o: { quiet?: boolean } = {}) => {
      const store = useChatStore.getState();
      const cached = messagesCache.get(userId, sessionId);
      if (cached && !o.quiet) store.setMessages(cached);
      if (!o.quiet) store.setLoading(true);
      try {
        const page = await getSessionDetail(sessionId);
        const now = useChatStore.getState();
        if (now.cacheKey !== sessionId) return true;
        const shown = withNewestPage(now.messages, page.messages);
        store.setMessages(shown);
        store.setDeep(page.deep);
        // Only the page's own answer says whether more lies before it; with older messages kept, the button stays as it was.
        if (shown.length === page.messages.length) store.setHasOlder(page.hasOlder);
        messagesCache.put(userId, sessionId, shown);
        return true;
      } catch {
        if (!o.quiet) {
          store.setError('加载聊天记录失败');
          message.error('加载聊天记录失败');
        }
        return false;
      } finally {
        if (!o.quiet) store.setLoading(false);
      }
    },
    [userId, message],
  );

  /** The page of messages before the first one shown (spec: session-detail is paged; the newest page comes first). */
  const loadOlder = useCallback(async () => {
    const { cacheKey: sessionId, messages: shown, hasOlder: more } = useChatStore.getState();
    const first = shown[0];
    if (!sessionId || !more || !first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await getSessionDetail(sessionId, { before: first.order });
      const store = useChatStore.getState();
      if (store.cacheKey !== sessionId) return;
      store.setMessages((prev) => withOlderPage(prev, page.messages));
      store.setHasOlder(page.hasOlder);
    } catch {
      message.error('加载聊天记录失败');
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder, message]);

  /** `announce`: only a new chat the user asked for is toasted, never one opened for them. */
  const createNew = useCallback(
    async (o: { announce?: boolean } = {}) => {
      stop();
      const store = useChatStore.getState();
      store.setLoading(true);
      try {
        const id = await createChat(type);
        store.setCacheKey(id);
        store.clearChat();
        await reloadList();
        closeDrawer();
        if (o.announce) message.success('已创建新对话');
        return id;
      } catch {
        message.error('创建对话失败');
        return null;
      } finally {
        store.setLoading(false);
      }
    },
    [type, stop, reloadList, closeDrawer, message],
  );

  const select = useCallback(
    async (sessionId: string) => {
      stop();
      const store = useChatStore.getState();
      store.setCacheKey(sessionId);
      store.clearChat();
      if (await loadMessages(sessionId)) {
        closeDrawer();
        message.success('已切换到该对话');
      }
    },
    [stop, loadMessages, closeDrawer, message],
  );

  const remove = useCallback(
    async (sessionId: string) => {
      try {
        if (sessionId === useChatStore.getState().cacheKey) stop();
        await deleteSession(sessionId);
        messagesCache.remove(userId, sessionId);
        const store = useChatStore.getState();
        const wasCurrent = store.cacheKey === sessionId;
        if (wasCurrent) {
          store.setCacheKey(null);
          store.clearChat();
        }
        await reloadList();
        message.success('删除成功');
        // Never a dead screen: the next chat of this persona opens, or a new one when none is left.
        if (wasCurrent) {
          const next = queryClient.getQueryData(chatQueries.sessions(userId, type).queryKey)?.find((s) => s.session_id !== sessionId);
          if (next) {
            useChatStore.getState().setCacheKey(next.session_id);
            await loadMessages(next.session_id);
          } else await createNew();
        }
      } catch {
        message.error('删除失败');
      }
    },
    [userId, type, queryClient, stop, reloadList, loadMessages, createNew, message],
  );

  /** A paid order's deep session: open it at once (issue 14), with the list refreshed to show it. */
  const openDeep = useCallback(
    async (sessionId: string, replies?: number | null) => {
      stop();
      const store = useChatStore.getState();
      store.setCacheKey(sessionId);
      store.clearChat();
      await reloadList();
      if (await loadMessages(sessionId)) {
        closeDrawer();
        message.success(replies ? `深度服务已开启，共 ${replies} 次深度回复` : '深度服务已开启');
      }
    },
    [stop, reloadList, loadMessages, closeDrawer, message],
  );

  const rename = useCallback(
    async (sessionId: string, name: string) => {
      try {
        await renameSession(sessionId, name);
        await reloadList();
        message.success('重命名成功');
        return true;
      } catch (err) {
        message.error(errorMessage(err, '重命名失败'));
        return false;
      }
    },
    [reloadList, message],
  );

  const run = useCallback(
    async (req: { type: string; query: string; key: string; regenerate?: boolean }) => {
      setSending(true);
      setErrorDetail(null);
      failedQuery.current = null;
      useChatStore.getState().setError(null);
      const current = startTurn(req, {
        onUnauthorized,
        onFailure: (toast, detail) => {
          if (!req.regenerate) failedQuery.current = req.query;
          setErrorDetail(detail);
          message.error(toast);
        },
        onGate: onGate && ((reason) => onGate(reason, () => void (req.regenerate ? undefined : sendRef.current(req.query)))),
      });
      turn.current = current;
      await current.done;
      turn.current = null;
      setSending(false);
      // Spec §4: the stream ended, so the session and its list are read again from the server.
      void settleFromServer(userId, req.key);
      void reloadList();
    },
    [userId, onUnauthorized, onGate, reloadList, message],
  );

  /** Returns false when blocked: blank text, a send in progress, or no current session. */
  const send = useCallback(
    (text: string) => {
      const query = text.trim();
      const sessionId = useChatStore.getState().cacheKey;
      if (!query || turn.current || !sessionId) return false;
      const now = new Date().toISOString();
      useChatStore.getState().setMessages((prev) => {
        const order = (prev.at(-1)?.order ?? 0) + 1;
        const question: UiMessage = { id: newUuid(), order, role: 'user', content: query, timestamp: now, status: 'done', crisis: false };
        const reply: UiMessage = {
          id: newUuid(),
          order: order + 1,
          role: 'assistant',
          content: '',
          timestamp: now,
          status: 'pending',
          crisis: false,
        };
        return [...prev, question, reply];
      });
      void run({ type, query, key: sessionId });
      return true;
    },
    [run, type],
  );
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const regenerate = useCallback(() => {
    const { cacheKey: sessionId, messages: current } = useChatStore.getState();
    if (turn.current || !sessionId || current.at(-1)?.role !== 'assistant') return;
    useChatStore.getState().updateLast({ content: '', status: 'pending', crisis: false, timestamp: new Date().toISOString() });
    void run({ type, query: '', key: sessionId, regenerate: true });
  }, [run, type]);

  /**
   * 重试 of a failed reply: a reply the server holds is generated again; one that never reached it (refused before
   * the stream began) has its question asked again.
   */
  const retry = useCallback(() => {
    const { messages: current } = useChatStore.getState();
    const last = current.at(-1);
    if (turn.current) return;
    if (last?.role === 'assistant' && last.id.startsWith('o')) return regenerate();
    const query = failedQuery.current;
    if (!query) return;
    if (last?.role === 'assistant' && current.at(-2)?.role === 'user') useChatStore.getState().setMessages(current.slice(0, -2));
    send(query);
  }, [regenerate, send]);

  // On load and whenever the user or the persona changes: pick a session from the list, or start a new one. Until that
  // is done the chat reads as loading, so nothing the user starts meanwhile (a 无痕对话, a question) is overtaken by it.
  const started = useRef<string | null>(null);
  const [readyKey, setReadyKey] = useState<string | null>(null);
  const starting = readyKey !== `${userId}:${type}`;
  useEffect(() => {
    const key = `${userId}:${type}`;
    // StrictMode runs effects twice in development; one start per user and persona is enough.
    if (started.current === key) return;
    started.current = key;
    const begin = async () => {
      // An unknown type starts nothing (the page shows a not-found); another persona's session is not kept on screen.
      const known = await queryClient.fetchQuery(chatQueries.persona(type)).then(
        () => true,
        (err: unknown) => !(err instanceof ApiError && err.status === 404),
      );
      if (started.current !== key) return;
      if (!known) {
        useChatStore.getState().clearChat();
        return;
      }
      // A session made elsewhere (issue #15) may be newer than a cached list: open it by id, then ask its first question.
      if (openSession) {
        const store = useChatStore.getState();
        store.clearChat();
        store.setCacheKey(openSession);
        void reloadList();
        const loaded = await loadMessages(openSession);
        if (loaded && firstQuestion && started.current === key && useChatStore.getState().messages.length === 0) send(firstQuestion);
        return;
      }
      // The list query above is asking already; fetchQuery shares its request rather than sending a second.
      const list = await queryClient.fetchQuery(chatQueries.sessions(userId, type)).catch(() => null);
      if (started.current !== key) return;
      if (list && list.length) {
        // A link into one session (我的订单 → 进入会话) wins over the one last open.
        const linked = new URLSearchParams(window.location.search).get('session');
        const wanted = linked ?? useChatStore.getState().cacheKey;
        const pick = list.find((s) => s.session_id === wanted) ?? list[0];
        if (pick) {
          if (pick.session_id !== wanted) useChatStore.getState().clearChat();
          useChatStore.getState().setCacheKey(pick.session_id);
          await loadMessages(pick.session_id);
          return;
        }
      }
      if (!list) message.warning('加载历史记录失败，已创建新对话');
      // Opening a persona for the first time needs a session, but the user did nothing: no toast.
      await createNew();
    };
    void begin().finally(() => {
      if (started.current === key) setReadyKey(key);
    });
    // openSession and firstQuestion are read once, at the start for this user and persona.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, type, queryClient, loadMessages, createNew, message]);

  useFollowStreaming({ sending, last: messages.at(-1), cacheKey, reload: loadMessages });

  useEffect(() => {
    if (!sending && cacheKey && messages.length) messagesCache.put(userId, cacheKey, messages);
  }, [sending, messages, cacheKey, userId]);

  // Leaving the page (route change, refresh, tab closed) stops the reply like the stop button: no error, and the
  // server keeps the partial text as 'aborted'.
  useEffect(() => {
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, [stop]);

  return {
    persona,
    notFound,
    retry,
    sessions,
    cacheKey,
    messages,
    loading: loading || starting,
    error,
    hasOlder,
    deep,
    openDeep,
    loadingOlder,
    loadOlder,
    sending,
    errorDetail,
    drawerOpen,
    openDrawer,
    closeDrawer,
    send,
    stop,
    regenerate,
    createNew,
    select,
    remove,
    rename,
  };
}
