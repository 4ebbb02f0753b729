import { screen, waitFor } from '@testing-library/react';
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

  it('loads the user with ?token= and then removes it from the address', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'ok', data: user }));
    const { router } = renderRoutes(routes, '/profile?token=from-url&tab=1');
    expect(await screen.findByText('受保护内容')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=1');
    expect(useAuthStore.getState().token).toBe('from-url');
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer from-url');
  });
});
