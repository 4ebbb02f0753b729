import { STORAGE_KEYS } from '@lingxi/shared/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useChatStore } from '@/features/chat/stores/chat-store';
import { clearChatOnSignOut } from '../clear-on-sign-out';
import { user } from '@/features/auth/__tests__/fixtures';

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  localStorage.clear();
});

describe('the last chat does not outlive the session on a shared device (issue 19)', () => {
  it('clears chat-storage and chat-messages on sign-out, in memory too', async () => {
    useAuthStore.setState({ token: 't', user });
    useChatStore.setState({ cacheKey: 'session-1' });
    localStorage.setItem(STORAGE_KEYS.chatMessages, '{"userId":"u1","sessions":[]}');
    stop = clearChatOnSignOut();
    useAuthStore.getState().reset();
    await vi.waitFor(() => expect(useChatStore.getState().cacheKey).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.chatStorage)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.chatMessages)).toBeNull();
  });

  it('clears them when another account signs in, and keeps them for the same one', async () => {
    useAuthStore.setState({ token: 't', user });
    useChatStore.setState({ cacheKey: 'session-1' });
    stop = clearChatOnSignOut();
    useAuthStore.getState().setSession('t2', user);
    expect(useChatStore.getState().cacheKey).toBe('session-1');
    useAuthStore.getState().setSession('t3', { ...user, id: 'someone-else' });
    await vi.waitFor(() => expect(useChatStore.getState().cacheKey).toBeNull());
  });
});
