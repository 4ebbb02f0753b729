import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { renderRoutes } from '@/test/render';
import { routes } from '../router';

const user = {
  id: 'u1',
  phone: '13800138000',
  username: '小灵',
  name: '小灵',
  referrer_id: null,
  openid: null,
  unionid: null,
  wechat_nickname: null,
  binding_status: { has_wechat: false, wechat_accounts: [] },
  is_admin: false,
  created_at: '2026-01-01T00:00:00Z',
};
const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) => new Response(JSON.stringify({ success: true, message: 'ok', data }), { status: 200 });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => ok([]));
  useAuthStore.setState({ user: null, token: null, isInitialized: true });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('route table', () => {
  it.each([
    ['/about', '关于我们'],
    ['/privacy', '隐私政策'],
    ['/terms', '服务条款'],
    ['/contact', '在线留言'],
  ])('opens %s without signing in, inside header and footer', async (path, heading) => {
    renderRoutes(routes, path);
    expect((await screen.findAllByText(heading)).length).toBeGreaterThan(0);
    expect(document.querySelector('.app-header')).toBeTruthy();
    expect(document.querySelector('.app-footer')).toBeTruthy();
  });

  it.each(['/', '/profile', '/baziinput', '/chat/bazi', '/token-stats'])('sends a signed-out visitor from %s to /login', async (path) => {
    const { router } = renderRoutes(routes, path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each(['/rewardlist', '/rewardhistory', '/orders', '/admin/orders', '/admin/offers'])('does not guard %s', async (path) => {
    const { router } = renderRoutes(routes, path);
    // The page itself answers a signed-out visitor (spec §2 My tips: 'please log in'); no redirect.
    expect(await screen.findByText('请先登录')).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it('renders chat without header and footer', async () => {
    useAuthStore.setState({ user, token: 't' });
    renderRoutes(routes, '/chat/bazi');
    expect(await screen.findByPlaceholderText('请输入您的问题...')).toBeTruthy();
    expect(document.querySelector('.app-header')).toBeNull();
    expect(document.querySelector('.app-footer')).toBeNull();
  });

  it('/token-handler spends the ticket in the address and goes home', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/auth/exchange-ticket')
        ? new Response(
            JSON.stringify({
              success: true,
              message: '登录成功',
              token: 'fresh',
              user_info: user,
              data: { token: 'fresh', user_info: user },
            }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          )
        : String(url).endsWith('/auth/me')
          ? ok(user)
          : ok([]),
    );
    const { router } = renderRoutes(routes, '/token-handler?token=lxt_abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('你好，小灵')).toBeTruthy();
  });

  it('user menu: 设置 says it is coming, 退出登录 signs out to /login', async () => {
    useAuthStore.setState({ user, token: 't' });
    const { router } = renderRoutes(routes, '/about');
    fireEvent.click(await screen.findByRole('button', { name: '用户菜单' }));
    fireEvent.click(await screen.findByText('设置'));
    expect(await screen.findByText('设置功能即将上线')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '用户菜单' }));
    fireEvent.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuthStore.getState().token).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/logout')).toBe(true);
  });
});
