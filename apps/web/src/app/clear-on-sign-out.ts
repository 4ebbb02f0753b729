import { STORAGE_KEYS } from '@lingxi/shared/rules';
import { useAuthStore } from '@/features/auth/stores/auth-store';

function forgetChat() {
  // The chat store is loaded only by the chat page; when it is in memory its current session must go too, or the
  // next person signing in on this device would reopen it. Loading it just to empty it costs a small chunk.
  void import('@/features/chat/stores/chat-store').then(({ useChatStore }) => {
    useChatStore.setState({ cacheKey: null, messages: [], error: null, hasOlder: false, deep: null });
    removeChatKeys();
  });
  removeChatKeys();
}

function removeChatKeys() {
  try {
    localStorage.removeItem(STORAGE_KEYS.chatStorage);
    localStorage.removeItem(STORAGE_KEYS.chatMessages);
  } catch {
    /* storage disabled: nothing was kept either */
  }
}

/**
 * On a shared device the last chat (chat-storage: its session id; chat-messages: cached replies) must not outlive the
 * session (issue 19): cleared on sign-out, on a dropped session, and when another account signs in.
 */
export function clearChatOnSignOut(): () => void {
  return useAuthStore.subscribe((s, prev) => {
    const signedOut = Boolean(prev.token) && !s.token;
    const switched = Boolean(prev.user && s.user && prev.user.id !== s.user.id);
    if (signedOut || switched) forgetChat();
  });
}
