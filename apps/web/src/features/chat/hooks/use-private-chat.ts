import { useCallback, useEffect, useState } from 'react';
import { config } from '@/config/env';
import { readStoredToken } from '@/lib/auth-storage';
import { useFeedback } from '@/lib/feedback';
import { createChat } from '../api/create-chat';
import { useChatStore } from '../stores/chat-store';
import { messagesCache } from '../stores/messages-cache';

/** Deletes a private chat even while the page is being closed: fetch with keepalive outlives the page. */
function deletePrivate(sessionId: string) {
  const token = readStoredToken();
  if (!token) return;
  const url = `${config.apiBaseUrl}/cache/delete-history?session_id=${encodeURIComponent(sessionId)}`;
  void fetch(url, { method: 'DELETE', keepalive: true, headers: { Authorization: `Bearer ${token}` } }).catch(() => {});
}

/**
 * 无痕对话 (issue #16): a session the server never lists, searches or remembers. It is deleted — with its local copy —
 * when the user ends it, opens another chat, or leaves the page; if the browser just vanishes, the server deletes it
 * after PRIVATE_CHAT_IDLE_MS.
 */
export function usePrivateChat(o: { userId: string; type: string; cacheKey: string | null; stop: () => void }) {
  const { userId, type, cacheKey, stop } = o;
  const { message } = useFeedback();
  const [privateId, setPrivateId] = useState<string | null>(null);

  const start = useCallback(async () => {
    stop();
    try {
      const id = await createChat(type, '', { private: true });
      const store = useChatStore.getState();
      store.clearChat();
      store.setCacheKey(id);
      setPrivateId(id);
      message.success('已进入无痕对话');
    } catch {
      message.error('无法开启无痕对话，请稍后重试');
    }
  }, [type, stop, message]);

  // Whenever the private chat stops being the one open (ended, another chat chosen, page left): delete it.
  const live = privateId && privateId === cacheKey ? privateId : null;
  useEffect(() => {
    if (!live) return;
    const bye = () => {
      deletePrivate(live);
      messagesCache.remove(userId, live);
    };
    window.addEventListener('pagehide', bye);
    return () => {
      window.removeEventListener('pagehide', bye);
      bye();
    };
  }, [live, userId]);

  const end = useCallback(() => {
    stop();
    setPrivateId(null);
  }, [stop]);

  return { active: !!live, start, end };
}
