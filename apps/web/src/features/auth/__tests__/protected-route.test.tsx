import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/test/render';
import { ProtectedRoute } from '../components/protected-route';
import { UrlTokenGate } from '../components/url-token-gate';
import { useAuthStore } from '../stores/auth-store';
import { jsonResponse, user } from './fixtures';

const fetchMock = vi.fn<typeof fetch>();
const routes = [
  {
    path: '/profile',
    element: (
      <UrlTokenGate>
        <ProtectedRoute>
          <div>受保护内容</div>
        </ProtectedRoute>
      </UrlTokenGate>
    ),
  },
  { path: '/login', element: <div>登录页</div> },
];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ user: null, token: null, isInitialized: true });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('protected route (spec §2)', () => {
  it('shows a bare spinner while auth is not initialised', () => {
    useAuthStore.setState({ isInitialized: false });
    renderRoutes(routes, '/profile');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('正在加载用户信息...')).toBeNull();
  });

  it("shows '正在加载用户信息...' while a token has no user yet", () => {
    useAuthStore.setState({ token: 't' });
    renderRoutes(routes, '/profile');
    expect(screen.getByText('正在加载用户信息...')).toBeTruthy();
  });

  it('sends a visitor without a user to /login', async () => {
    const { router } = renderRoutes(routes, '/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('renders the page for a signed-in user', () => {
    useAuthStore.setState({ token: 't', user });
    renderRoutes(routes, '/profile');
    expect(screen.getByText('受保护内容')).toBeTruthy();
  });

  it('spends the ?token= ticket for a session, then removes it from the address', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        success: true,
        message: '登录成功',
        token: 'new-session',
        user_info: user,
        data: { token: 'new-session', user_info: user },
      }),
    );
    const { router } = renderRoutes(routes, '/profile?token=lxt_ticket&tab=1');
    expect(await screen.findByText('受保护内容')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=1');
    expect(useAuthStore.getState().token).toBe('new-session');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/auth/exchange-ticket');
    expect(JSON.parse(String(init?.body))).toEqual({ ticket: 'lxt_ticket' });
  });

  it('never uses the ?token= value as a bearer token (issue 12 item 5): a refused ticket leaves the visitor signed out', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { success: false, message: '登录链接无效或已过期，请重新登录' }));
    const { router } = renderRoutes(routes, '/profile?token=eyJhbGciOi.stolen.token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuthStore.getState().token).toBeNull();
    for (const [, init] of fetchMock.mock.calls) expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('asks a signed-in user before switching; 保持当前账号 keeps the session and spends nothing', async () => {
    useAuthStore.setState({ token: 'mine', user });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'ok', data: { same_account: false } }));
    const { router } = renderRoutes(routes, '/profile?token=lxt_other');
    expect(await screen.findByRole('alertdialog', { name: '切换账号？' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '保持当前账号' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(useAuthStore.getState().token).toBe('mine');
    // Only the ownership question was asked; the ticket was never spent.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([expect.stringContaining('/auth/sign-in-ticket/check')]);
  });

  it('a stored session that had already ended is not asked about: the link signs in', async () => {
    useAuthStore.setState({ token: 'stale', user });
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { success: false, message: '未登录或登录已过期，请重新登录' }));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { success: true, message: '登录成功', token: 'fresh', user_info: user, data: { token: 'fresh', user_info: user } }),
    );
    renderRoutes(routes, '/profile?token=lxt_link');
    await waitFor(() => expect(useAuthStore.getState().token).toBe('fresh'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('drops a link of the signed-in account itself without asking', async () => {
    useAuthStore.setState({ token: 'mine', user });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'ok', data: { same_account: true } }));
    renderRoutes(routes, '/profile?token=lxt_mine');
    expect(await screen.findByText('受保护内容')).toBeTruthy();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(useAuthStore.getState().token).toBe('mine');
  });

  it('switches only after 切换账号 is pressed', async () => {
    useAuthStore.setState({ token: 'mine', user });
    const other = { ...user, id: 'other-user', username: '另一个账号' };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'ok', data: { same_account: false } }));
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        success: true,
        message: '登录成功',
        token: 'theirs',
        user_info: other,
        data: { token: 'theirs', user_info: other },
      }),
    );
    renderRoutes(routes, '/profile?token=lxt_other');
    fireEvent.click(await screen.findByRole('button', { name: '切换账号' }));
    await waitFor(() => expect(useAuthStore.getState().token).toBe('theirs'));
    expect(useAuthStore.getState().user?.id).toBe('other-user');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
