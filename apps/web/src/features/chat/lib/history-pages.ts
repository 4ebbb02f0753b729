import type { UiMessage } from '../types';

/**
 * The server sends a session's newest page; older pages come on request. A fresh newest page replaces what it
 * covers and keeps the older messages the reader already paged back to, so a reload after a reply never drops them.
 */
export function withNewestPage(current: UiMessage[], page: UiMessage[]): UiMessage[] {
  const first = page[0];
  if (!first) return page;
  // A kept 记住… is known only from its turn's stream (the server stores the fact, not the note): it stays on screen.
  const remembered = new Map(current.filter((m) => m.remembered).map((m) => [m.order, m.remembered]));
  const fresh = remembered.size ? page.map((m) => (remembered.has(m.order) ? { ...m, remembered: remembered.get(m.order) } : m)) : page;
  const older = current.filter((m) => m.order < first.order && m.status !== 'pending');
  return older.length ? [...older, ...fresh] : fresh;
}

/** An older page joined in front of what is shown (messages already shown win). */
export function withOlderPage(current: UiMessage[], page: UiMessage[]): UiMessage[] {
  const shown = new Set(current.map((m) => m.order));
  return [...page.filter((m) => !shown.has(m.order)), ...current];
}

/**
 * How long to wait before asking again about a reply still streaming in another tab or process: at once again while
 * it grows, then less and less often (up to 8 s) while nothing changes. The server reports a reply whose process
 * died as stopped after CHAT_STALE_REPLY_MS, which ends the polling.
 */
export function nextPollDelay(previousMs: number, grew: boolean): number {
  return grew ? 1000 : Math.min(previousMs * 2, 8000);
}
