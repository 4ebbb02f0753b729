import { STORAGE_KEYS } from '@lingxi/shared/rules';
import type { UserInfo } from '@lingxi/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { ApiError } from '@/lib/api-client';
import { clearStoredAuth, readStoredToken, writeStoredToken } from '@/lib/auth-storage';
import { getMe } from '../api/get-me';
import { logoutRequest } from '../api/logout';

export interface AuthState {
  user: UserInfo | null;
  token: string | null;
  isInitialized: boolean;
  /** Set when the server dropped the session mid-use, so /login can say why; in memory only. */
  sessionExpired: boolean;
  /** Set when the start-up /auth/me failed without an answer we trust (spec §4 drops the session), so /login says why. */
  networkDropped: boolean;
  /** Runs once at start (spec §4 auth startup). */
  initialize: () => Promise<void>;
  /** A token handed over in the address (WeChat callback, token-handler) replaces the stored one. */
  loadUserWithToken: (token: string) => Promise<void>;
  setSession: (token: string, user: UserInfo) => void;
  setUser: (user: UserInfo) => void;
  refreshUser: () => Promise<void>;
  /** Resolves with serverFailed=true when the server-side revoke failed for a reason other than 401. */
  logout: () => Promise<{ serverFailed: boolean }>;
  /** Local sign-out only. */
  reset: () => void;
  /** Local sign-out after the api-client saw the session drop (spec §8 401 rule). */
  expireSession: () => void;
}

type Set = (partial: Partial<AuthState>) => void;
type Get = () => AuthState;

async function resolveUser(token: string, set: Set, get: Get): Promise<void> {
  try {
    const user = await getMe();
    // A newer token (login, URL hand-over) may have arrived while this request was in flight; it wins.
    if (get().token !== token) return;
    set({ user, isInitialized: true });
  } catch (error) {
    if (get().token !== token) return;
    if (error instanceof ApiError && error.status === 401) {
      // Spec §4: keep the token; the 401 rule of the api-client decides whether the page must leave.
      set({ user: null, isInitialized: true });
    } else {
      clearStoredAuth();
      set({ user: null, token: null, isInitialized: true, networkDropped: true });
    }
  }
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      user: null,
      token: null,
      isInitialized: false,
      sessionExpired: false,
      networkDropped: false,

      initialize: async () => {
        const token = get().token ?? readStoredToken();
        if (!token) {
          set({ user: null, token: null, isInitialized: true });
          return;
        }
        writeStoredToken(token);
        set({ token });
        await resolveUser(token, set, get);
      },

      loadUserWithToken: async (token) => {
        writeStoredToken(token);
        set({ token, user: null, sessionExpired: false });
        await resolveUser(token, set, get);
      },

      setSession: (token, user) => {
        writeStoredToken(token);
        set({ token, user, isInitialized: true, sessionExpired: false, networkDropped: false });
      },

      setUser: (user) => set({ user }),

      refreshUser: async () => {
        const token = get().token;
        if (token) await resolveUser(token, set, get);
      },

      logout: async () => {
        let serverFailed = false;
        if (get().token) {
          try {
            await logoutRequest();
          } catch (error) {
            serverFailed = !(error instanceof ApiError && error.status === 401);
          }
        }
        get().reset();
        return { serverFailed };
      },

      reset: () => {
        set({ user: null, token: null, isInitialized: true, sessionExpired: false, networkDropped: false });
        // After set(): persist has just rewritten auth-storage, and logout must leave nothing behind.
        clearStoredAuth();
      },

      expireSession: () => {
        set({ user: null, token: null, isInitialized: true, sessionExpired: true });
        clearStoredAuth();
      },
    }),
    {
      name: STORAGE_KEYS.authStorage,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ user: s.user, token: s.token, isInitialized: s.isInitialized }),
      // The stored session is only a hint: every start re-validates it with /auth/me before pages trust it.
      merge: (persisted, current) => ({ ...current, ...(persisted as Partial<AuthState>), isInitialized: false }),
    },
  ),
);
