import { getSessionDetail } from '../api/get-session-detail';
import { withNewestPage } from './history-pages';
import { useChatStore } from '../stores/chat-store';
import { messagesCache } from '../stores/messages-cache';

/**
 * Spec §4: when a stream ends the session is reloaded from the server. After a stop the server may not have
 * written the final 'aborted' state yet (it learns of the disconnect a moment later), so a reply still marked
 * 'streaming' is asked for again briefly instead of flipping the bubble back to '生成中'.
 */
export async function settleFromServer(userId: string, sessionId: string) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const page = await getSessionDetail(sessionId).catch(() => null);
    const loaded = page?.messages;
    const store = useChatStore.getState();
    const localLast = store.messages.at(-1)?.status;
    // Another chat was opened, or a new question is already on its way: this answer is stale.
    if (!loaded || store.cacheKey !== sessionId || localLast === 'pending' || localLast === 'streaming') return;
    if (loaded.at(-1)?.status === 'streaming' && attempt < 9) {
      await new Promise((r) => setTimeout(r, 300));
      continue;
    }
    const shown = withNewestPage(store.messages, keepFailure(store.messages, loaded));
    store.setMessages(shown);
    store.setDeep(page.deep);
    if (shown.length === loaded.length) store.setHasOlder(page.hasOlder);
    messagesCache.put(userId, sessionId, shown);
    return;
  }
}

/**
 * A reply this tab gave up on (its timeout) reaches the server as a disconnect, which stores it as stopped: on screen
 * it stays failed, so the tag and the failure notice say the same thing.
 */
export function keepFailure<T extends { order: number; status: string }>(local: T[], loaded: T[]): T[] {
  const mine = local.at(-1);
  const theirs = loaded.at(-1);
  if (mine?.status !== 'error' || theirs?.status !== 'aborted' || theirs.order !== mine.order) return loaded;
  return [...loaded.slice(0, -1), { ...theirs, status: 'error' }];
}
