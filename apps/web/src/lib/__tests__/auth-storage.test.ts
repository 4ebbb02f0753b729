import { STORAGE_KEYS } from '@lingxi/shared/rules';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearStoredAuth, writeStoredToken } from '../auth-storage';

describe('clearStoredAuth (logout and any 401)', () => {
  beforeEach(() => localStorage.clear());

  it('removes the cached chat messages with the session, and nothing else', () => {
    writeStoredToken('t');
    localStorage.setItem(STORAGE_KEYS.chatMessages, JSON.stringify({ userId: 'u', sessions: [{ id: 's', messages: [] }] }));
    localStorage.setItem('unrelated', 'kept');
    clearStoredAuth();
    expect(localStorage.getItem(STORAGE_KEYS.chatMessages)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});
