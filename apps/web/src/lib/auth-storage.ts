import { STORAGE_KEYS } from '@lingxi/shared/rules';

/**
 * Raw access to the persisted session. The token is written under both `token` and `auth_token` because older
 * pages and the chat stream read either key (spec §7); the zustand store owns `auth-storage` itself.
 */
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token) || localStorage.getItem(STORAGE_KEYS.authToken) || null;
  } catch {
    // Storage can throw in private mode or when disabled; behave as signed out rather than crash.
    return null;
  }
}

export function writeStoredToken(token: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.token, token);
    localStorage.setItem(STORAGE_KEYS.authToken, token);
  } catch {
    /* see readStoredToken */
  }
}

/**
 * Everything a signed-in person leaves in this browser: the session, and the chat-messages cache (their conversations),
 * so a logout or a 401 on a shared device leaves no chat text behind (issue #16).
 */
export function clearStoredAuth(): void {
  try {
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.authToken,
      STORAGE_KEYS.userInfo,
      STORAGE_KEYS.authStorage,
      STORAGE_KEYS.chatMessages,
    ]) {
      localStorage.removeItem(key);
    }
  } catch {
    /* see readStoredToken */
  }
}

/** True when any trace of a session is stored; an empty persisted shell ({token:null,user:null}) does not count. */
export function hasStoredAuth(): boolean {
  if (readStoredToken()) return true;
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.authStorage);
    if (!raw) return false;
    const state = (JSON.parse(raw) as { state?: { token?: unknown; user?: unknown } }).state;
    return Boolean(state?.token || state?.user);
  } catch {
    return false;
  }
}
