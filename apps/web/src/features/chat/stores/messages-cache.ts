import { STORAGE_KEYS } from '@lingxi/shared/rules';
import type { UiMessage } from '../types';

/**
 * Spec §3: a messages cache under chat-messages, so a revisited chat paints at once while the server copy loads.
 * It belongs to one user (a shared device never shows another account's chat) and is kept small: the last few
 * sessions and the latest messages of each.
 */
const MAX_SESSIONS = 5;
const MAX_MESSAGES = 100;

interface CacheShape {
  userId: string;
  sessions: { id: string; messages: UiMessage[] }[];
}

function read(userId: string): CacheShape {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.chatMessages);
    const parsed = raw ? (JSON.parse(raw) as CacheShape) : null;
    if (parsed?.userId === userId && Array.isArray(parsed.sessions)) return parsed;
  } catch {
    /* a corrupt or unavailable cache is just empty */
  }
  return { userId, sessions: [] };
}

function write(c: CacheShape) {
  try {
    localStorage.setItem(STORAGE_KEYS.chatMessages, JSON.stringify(c));
  } catch {
    /* quota exceeded or storage disabled: the cache is an optimisation only */
  }
}

export const messagesCache = {
  get(userId: string, sessionId: string): UiMessage[] | null {
    return read(userId).sessions.find((s) => s.id === sessionId)?.messages ?? null;
  },
  put(userId: string, sessionId: string, messages: UiMessage[]) {
    const settled = messages.filter((m) => m.status !== 'pending' && m.status !== 'streaming').slice(-MAX_MESSAGES);
    const c = read(userId);
    c.sessions = [{ id: sessionId, messages: settled }, ...c.sessions.filter((s) => s.id !== sessionId)].slice(0, MAX_SESSIONS);
    write(c);
  },
  remove(userId: string, sessionId: string) {
    const c = read(userId);
    c.sessions = c.sessions.filter((s) => s.id !== sessionId);
    write(c);
  },
};
