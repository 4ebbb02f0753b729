import type { ServiceType, UserInfo } from '@lingxi/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { HomePage } from '../components/home-page';
import { greetingName } from '../components/welcome-card';
import { useServiceTypesStore } from '../stores/service-types-store';

const fetchMock = vi.fn<typeof fetch>();
const user: UserInfo = {
  id: 'u1',
  phone: '13800138000',
  username: null,
  name: '张三',
  referrer_id: null,
  openid: null,
  unionid: null,
  wechat_nickname: null,
  binding_status: { has_wechat: false, wechat_accounts: [] },
  is_admin: false,
  created_at: '2026-01-01T00:00:00Z',
};
const services: ServiceType[] = [
  {
    key: 'bazi',
    title: '八字命理',
    description: '解读命盘',
    icon_name: 'CompassOutlined',
    color: '#c0392b',
    feature: 'x',
    category: 'fortune',
    deep: { price_fen: 990, replies: 20, title: '八字深度解读', includes: ['完整命盘分析'] },
  },
  {
    key: 'xin',
    title: '心理陪伴',
    description: '倾听你',
    icon_name: 'NoSuchIcon',
    color: 'red; background:url(x)',
    feature: 'y',
    category: 'companion',
    deep: null,
  },
];
const ok = (data: unknown) => new Response(JSON.stringify({ success: true, message: 'ok', data }), { status: 200 });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useServiceTypesStore.setState({ serviceTypes: [], loading: false, error: null });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('welcome card', () => {
  it('greets by username, else the masked phone (issue 19), else 朋友', () => {
    expect(greetingName({ username: '小灵', phone: '13800138000' })).toBe('小灵');
    expect(greetingName({ username: ' ', phone: '13800138000' })).toBe('138****8000');
    expect(greetingName({ username: null, phone: null })).toBe('朋友');
  });

  it('shows 令牌统计 only to admins', () => {
    fetchMock.mockResolvedValue(ok([]));
    const { unmount } = renderAt(<HomePage user={user} onLogout={() => undefined} />);
    expect(screen.getByText('已登录')).toBeTruthy();
    expect(screen.queryByText('令牌统计')).toBeNull();
    unmount();
    renderAt(<HomePage user={{ ...user, is_admin: true }} onLogout={() => undefined} />);
    expect(screen.getByText('令牌统计')).toBeTruthy();
  });
});

describe('persona grid', () => {
  it('shows 6 skeleton cards while loading', () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    const { container } = renderAt(<HomePage user={user} onLogout={() => undefined} />);
    expect(container.querySelectorAll('.ant-skeleton').length).toBe(6);
  });

  it('renders cards from /api/service-types and opens /chat/{key}', async () => {
    fetchMock.mockResolvedValue(ok(services));
    const { router } = renderAt(<HomePage user={user} onLogout={() => undefined} />, '/', [
      { path: '/chat/:type', element: <div>聊天</div> },
    ]);
    expect(await screen.findByText('八字命理')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/service-types');
    fireEvent.click(screen.getByRole('button', { name: '心理陪伴' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/xin'));
  });

  it('shows 免费 on every card and the deep service price where there is an offer', async () => {
    fetchMock.mockResolvedValue(ok(services));
    renderAt(<HomePage user={user} onLogout={() => undefined} />);
    const bazi = await screen.findByRole('button', { name: '八字命理' });
    expect(bazi.textContent).toContain('免费');
    expect(bazi.textContent).toContain('深度 ¥9.90');
    const other = screen.getByRole('button', { name: '心理陪伴' });
    expect(other.textContent).toContain('免费');
    expect(other.textContent).not.toContain('深度');
  });

  it("shows '加载失败：{reason}' and reloads on 重新加载", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ success: false, message: '服务繁忙' }), { status: 503 }));
    renderAt(<HomePage user={user} onLogout={() => undefined} />);
    expect(await screen.findByText('加载失败：服务繁忙')).toBeTruthy();
    fetchMock.mockResolvedValueOnce(ok(services));
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(await screen.findByText('八字命理')).toBeTruthy();
  });

  it('falls back to 获取服务类型失败 when the failure has no message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    renderAt(<HomePage user={user} onLogout={() => undefined} />);
    expect(await screen.findByText('加载失败：获取服务类型失败')).toBeTruthy();
  });

  it('says 暂无可用的AI伙伴 for an empty list', async () => {
    fetchMock.mockResolvedValue(ok([]));
    renderAt(<HomePage user={user} onLogout={() => undefined} />);
    expect(await screen.findByText('暂无可用的AI伙伴')).toBeTruthy();
  });
});
