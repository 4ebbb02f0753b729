import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { createChat } from '../api/create-chat';
import { deleteSession } from '../api/delete-session';
import { getSessionDetail } from '../api/get-session-detail';
import { getSessions } from '../api/get-sessions';
import { renameSession } from '../api/rename-session';
import { useChatStore } from '../stores/chat-store';
import { messagesCache } from '../stores/messages-cache';
import type { SessionItem } from '../types';

interface Options {
  userId: string;
  type: string;
  closeDrawer: () => void;
  /** Called before the current chat changes, so a running reply is stopped first. */
  beforeSwitch: () => void;
}

/** Spec §4 'Chat session flow': list, pick or create on load, create, select, delete — plus rename. */
export function useChatSessions({ userId, type, closeDrawer, beforeSwitch }: Options) {
  const { message } = useFeedback();
  const [sessions, setSessions] = useState<SessionItem[]>([]);
  const cacheKey = useChatStore((s) => s.cacheKey);
  const current = useRef({ userId, type });
  current.current = { userId, type };

  const reloadList = useCallback(async () => {
    const list = await getSessions({ userId, serviceType: type });
    if (current.current.userId === userId && current.current.type === type) setSessions(list);
    return list;
  }, [userId, type]);

  /** Loads a session's messages; paints the local cache first when there is one. Resolves false on failure. */
  const loadMessages = useCallback(
    async (sessionId: string, o: { quiet?: boolean } = {}) => {
      const store = useChatStore.getState();
      const cached = messagesCache.get(userId, sessionId);
      if (cached && !o.quiet) store.setMessages(cached);
      if (!o.quiet) store.setLoading(true);
      try {
        const messages = await getSessionDetail(sessionId);
        if (useChatStore.getState().cacheKey !== sessionId) return true;
        store.setMessages(messages);
        messagesCache.put(userId, sessionId, messages);
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

  const createNew = useCallback(async () => {
    beforeSwitch();
    const store = useChatStore.getState();
    store.setLoading(true);
    try {
      const id = await createChat(type);
      store.setCacheKey(id);
      store.clearChat();
      await reloadList().catch(() => undefined);
      closeDrawer();
      message.success('已创建新对话');
      return id;
    } catch {
      message.error('创建对话失败');
      return null;
    } finally {
      store.setLoading(false);
    }
  }, [type, reloadList, closeDrawer, beforeSwitch, message]);

  const select = useCallback(
    async (sessionId: string) => {
      beforeSwitch();
      const store = useChatStore.getState();
      store.setCacheKey(sessionId);
      store.clearChat();
      if (await loadMessages(sessionId)) {
        closeDrawer();
        message.success('已切换到该对话');
      }
    },
    [loadMessages, closeDrawer, beforeSwitch, message],
  );

  const remove = useCallback(
    async (sessionId: string) => {
      try {
        if (sessionId === useChatStore.getState().cacheKey) beforeSwitch();
        await deleteSession(sessionId);
        messagesCache.remove(userId, sessionId);
        const store = useChatStore.getState();
        if (store.cacheKey === sessionId) {
          store.setCacheKey(null);
          store.clearChat();
        }
        await reloadList().catch(() => undefined);
        message.success('删除成功');
      } catch {
        message.error('删除失败');
      }
    },
    [userId, reloadList, beforeSwitch, message],
  );

  const rename = useCallback(
    async (sessionId: string, name: string) => {
      try {
        await renameSession(sessionId, name);
        await reloadList().catch(() => undefined);
        message.success('重命名成功');
        return true;
      } catch (err) {
        message.error(errorMessage(err, '重命名失败'));
        return false;
      }
    },
    [reloadList, message],
  );

  // On load and whenever the user or the persona changes: pick a session from the list, or start a new one.
  const started = useRef<string | null>(null);
  useEffect(() => {
    const key = `${userId}:${type}`;
    // StrictMode runs effects twice in development; one start per user and persona is enough.
    if (started.current === key) return;
    started.current = key;
    const stillCurrent = () => current.current.userId === userId && current.current.type === type;
    void (async () => {
      let list: SessionItem[] | null;
      try {
        list = await getSessions({ userId, serviceType: type });
      } catch {
        list = null;
      }
      if (!stillCurrent()) return;
      if (list && list.length) {
        setSessions(list);
        const wanted = useChatStore.getState().cacheKey;
        const pick = list.find((s) => s.session_id === wanted) ?? list[0]!;
        if (pick.session_id !== wanted) useChatStore.getState().clearChat();
        useChatStore.getState().setCacheKey(pick.session_id);
        await loadMessages(pick.session_id);
        return;
      }
      if (!list) message.warning('加载历史记录失败，已创建新对话');
      await createNew();
    })();
  }, [userId, type, loadMessages, createNew, message]);

  return { sessions, cacheKey, reloadList, loadMessages, createNew, select, remove, rename };
}
