import { STORAGE_KEYS } from '@lingxi/shared/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { useAuthStore } from '../stores/auth-store';
import { jsonResponse, user } from './fixtures';

const fetchMock = vi.fn<typeof fetch>();
const initial = useAuthStore.getState();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setUnauthorizedHandler(() => useAuthStore.getState().reset());
  useAuthStore.setState({ ...initial, user: null, token: null, isInitialized: false });
  localStorage.clear();
  window.history.replaceState(null, '', '/login');
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('auth startup (spec §4)', () => {
  it('without a token becomes initialised with no user and makes no call', async () => {
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({ isInitialized: true, user: null, token: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a token loads the user from /auth/me', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'ok', data: user }));
    await useAuthStore.getState().initialize();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/me');
    expect(useAuthStore.getState()).toMatchObject({ isInitialized: true, token: 'tok', user });
  });

  it('keeps the token but no user on 401', async () => {
    useAuthStore.setState({ token: 'stale' });
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { success: false, message: '登录已过期' }));
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({ isInitialized: true, token: 'stale', user: null });
  });

  it('clears token and user on any other failure', async () => {
    useAuthStore.setState({ token: 'tok' });
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { success: false, message: '服务器错误' }));
    await useAuthStore.getState().initialize();
    expect(useAuthStore.getState()).toMatchObject({ isInitialized: true, token: null, user: null, networkDropped: true });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('lets a newer token win over a slower startup check', async () => {
    useAuthStore.setState({ token: 'old' });
    let answerOld: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answerOld = resolve)));
    const startup = useAuthStore.getState().initialize();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'ok', data: { ...user, id: 'new' } }));
    await useAuthStore.getState().loadUserWithToken('new');
    answerOld(jsonResponse(500, { success: false, message: 'x' }));
    await startup;
    expect(useAuthStore.getState()).toMatchObject({ token: 'new', user: { id: 'new' } });
  });
});

describe('session writes', () => {
  it('stores the token under token, auth_token and auth-storage', () => {
    useAuthStore.getState().setSession('abc', user);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('abc');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('abc');
    const persisted = JSON.parse(localStorage.getItem(STORAGE_KEYS.authStorage)!);
    expect(persisted.state).toMatchObject({ token: 'abc', user: { id: 'u1' }, isInitialized: true });
  });

  it('logout revokes server-side, then clears every stored key', async () => {
    useAuthStore.getState().setSession('abc', user);
    localStorage.setItem(STORAGE_KEYS.userInfo, '{}');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: '已退出' }));
    const result = await useAuthStore.getState().logout();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/logout');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
    expect(result.serverFailed).toBe(false);
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.authToken, STORAGE_KEYS.userInfo, STORAGE_KEYS.authStorage]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
  });

  it('logout reports a non-401 server failure but still signs out locally', async () => {
    useAuthStore.getState().setSession('abc', user);
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { success: false, message: 'x' }));
    expect((await useAuthStore.getState().logout()).serverFailed).toBe(true);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('logout treats a 401 (token already revoked) as success', async () => {
    window.history.replaceState(null, '', '/');
    useAuthStore.getState().setSession('abc', user);
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { success: false, message: 'x' }));
    expect((await useAuthStore.getState().logout()).serverFailed).toBe(false);
  });
});
