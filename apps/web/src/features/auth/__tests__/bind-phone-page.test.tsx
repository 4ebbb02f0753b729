import { STORAGE_KEYS } from '@lingxi/shared/rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { BindPhonePage } from '../components/bind-phone-page';
import { useAuthStore } from '../stores/auth-store';
import { jsonResponse, user } from './fixtures';

const fetchMock = vi.fn<typeof fetch>();
const wechatUser = { ...user, phone: null, openid: 'o1', binding_status: { has_wechat: true, wechat_accounts: [] } };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ user: wechatUser, token: 'wx-token', isInitialized: true });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function fillAndSubmit() {
  fireEvent.change(screen.getByPlaceholderText('手机号'), { target: { value: '13800138000' } });
  fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: /确认绑定/ }));
}

describe('bind phone page', () => {
  it('sends a user who already has a phone home', async () => {
    useAuthStore.setState({ user });
    const { router } = renderAt(<BindPhonePage />, '/bind-phone');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('binds with the stored token and an empty password, stores the new token, reloads the user, goes home', async () => {
    const bound = { ...wechatUser, phone: '13800138000' };
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(200, { success: true, message: '绑定成功', token: 'new-token', data: { token: 'new-token', user_info: bound } }),
      )
      .mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'ok', data: bound }));
    const { router } = renderAt(<BindPhonePage />, '/bind-phone');
    expect(screen.getByText('绑定手机号，享受更完善的服务')).toBeTruthy();
    expect(screen.getByText('绑定后可使用手机号登录')).toBeTruthy();
    fillAndSubmit();
    expect(await screen.findByText('手机号绑定成功')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      phone: '13800138000',
      password: '',
      code: '123456',
      token: 'wx-token',
    });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/me');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
  });

  it("shows the server message, or '绑定失败，请重试'", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { success: false, message: '该手机号已被其他账号绑定' }));
    renderAt(<BindPhonePage />, '/bind-phone');
    fillAndSubmit();
    expect(await screen.findByText('该手机号已被其他账号绑定')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    fireEvent.click(screen.getByRole('button', { name: /确认绑定/ }));
    expect(await screen.findByText('绑定失败，请重试')).toBeTruthy();
  });
});
