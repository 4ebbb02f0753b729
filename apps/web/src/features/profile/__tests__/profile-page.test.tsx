import type { UserInfo } from '@lingxi/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { ProfilePage } from '../components/profile-page';

const fetchMock = vi.fn<typeof fetch>();
const user: UserInfo = {
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
  created_at: '2026-01-02T03:04:05Z',
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function setName(value: string) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
}

describe('profile page', () => {
  it('shows the account with a masked phone and links to my rewards', async () => {
    const { router } = renderAt(<ProfilePage user={user} onUserUpdated={() => undefined} />, '/profile');
    expect(screen.getByText('个人资料')).toBeTruthy();
    expect(screen.getByText('138****8000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /查看打赏记录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rewardhistory'));
  });

  it("validates the username with '用户名至少2个字符'", async () => {
    renderAt(<ProfilePage user={user} onUserUpdated={() => undefined} />, '/profile');
    setName('a');
    expect(await screen.findByText('用户名至少2个字符')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves with PUT /api/auth/update-profile and hands the new user up', async () => {
    const onUpdated = vi.fn();
    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: 'ok', data: { ...user, username: '新名字' } }));
    renderAt(<ProfilePage user={user} onUserUpdated={onUpdated} />, '/profile');
    setName('新名字');
    expect(await screen.findByText('用户名已更新')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/update-profile');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('PUT');
    expect(onUpdated).toHaveBeenCalledWith(expect.objectContaining({ username: '新名字' }));
  });

  it("shows the server message or '更新失败'", async () => {
    fetchMock.mockResolvedValueOnce(json(400, { success: false, message: '用户名包含敏感词' }));
    renderAt(<ProfilePage user={user} onUserUpdated={() => undefined} />, '/profile');
    setName('某某某');
    expect(await screen.findByText('用户名包含敏感词')).toBeTruthy();
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('更新失败')).toBeTruthy();
  });

  it('stays on the profile on 403 with the reason and the typed name kept (issue 19)', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { success: false, message: '当前账号不能修改用户名' }));
    const { router } = renderAt(<ProfilePage user={user} onUserUpdated={() => undefined} />, '/profile');
    setName('新名字');
    expect(await screen.findByText('当前账号不能修改用户名')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect((screen.getByLabelText('用户名') as HTMLInputElement).value).toBe('新名字');
  });

  it('offers 绑定手机号 to an account without a phone', async () => {
    renderAt(<ProfilePage user={{ ...user, phone: null }} onUserUpdated={() => undefined} />, '/profile');
    const link = await screen.findByRole('link', { name: '绑定手机号' });
    expect(link.getAttribute('href')).toBe('/bind-phone?from=%2Fprofile');
  });
});
