import { DEFAULT_CHAT_TYPE, STORAGE_KEYS } from '@lingxi/shared/rules';
import type { DeepSessionInfo } from '@lingxi/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { UiMessage } from '../types';

/**
 * Spec §3 local chat store: cacheKey (current session id) and chatType are persisted under chat-storage;
 * messages, loading, error and hasOlder live in memory only.
 */
export interface ChatState {
  cacheKey: string | null;
  chatType: string;
  messages: UiMessage[];
  loading: boolean;
  error: string | null;
  /** The server holds older messages of this session than the first one shown (session-detail pages). */
  hasOlder: boolean;
  /** The current session's paid deep service (深度服务), null for a free session. */
  deep: DeepSessionInfo | null;
  setCacheKey: (key: string | null) => void;
  setChatType: (type: string) => void;
  setMessages: (messages: UiMessage[] | ((prev: UiMessage[]) => UiMessage[])) => void;
  /** Replaces only the last message, so only that message item re-renders while a reply streams in. */
  updateLast: (patch: Partial<UiMessage>) => void;
  setLoading: (loading: boolean) => void;
  setError: (error: string | null) => void;
  setHasOlder: (hasOlder: boolean) => void;
  setDeep: (deep: DeepSessionInfo | null | ((prev: DeepSessionInfo | null) => DeepSessionInfo | null)) => void;
  clearChat: () => void;
}

export const useChatStore = create<ChatState>()(
  persist(
    (set) => ({
      cacheKey: null,
      chatType: DEFAULT_CHAT_TYPE,
      messages: [],
      loading: false,
      error: null,
      hasOlder: false,
      deep: null,
      setCacheKey: (cacheKey) => set({ cacheKey }),
      setChatType: (chatType) => set({ chatType }),
      setMessages: (m) => set((s) => ({ messages: typeof m === 'function' ? m(s.messages) : m })),
      updateLast: (patch) =>
        set((s) => {
          const last = s.messages.at(-1);
          if (!last) return {};
          return { messages: [...s.messages.slice(0, -1), { ...last, ...patch }] };
        }),
      setLoading: (loading) => set({ loading }),
      setError: (error) => set({ error }),
      setHasOlder: (hasOlder) => set({ hasOlder }),
      setDeep: (d) => set((s) => ({ deep: typeof d === 'function' ? d(s.deep) : d })),
      clearChat: () => set({ messages: [], error: null, hasOlder: false, deep: null }),
    }),
    {
      name: STORAGE_KEYS.chatStorage,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ cacheKey: s.cacheKey, chatType: s.chatType }),
    },
  ),
);
