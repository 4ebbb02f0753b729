import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { RegisterPage } from '../components/register-page';
import { useAuthStore } from '../stores/auth-store';
import { jsonResponse, user } from './fixtures';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ user: null, token: null, isInitialized: true });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const fill = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /注\s*册/ }));

describe('register form', () => {
  it('shows the register validation messages', async () => {
    renderAt(<RegisterPage />, '/register');
    fireEvent.click(screen.getByRole('checkbox'));
    submit();
    for (const text of ['请输入用户名', '请输入手机号', '请输入验证码', '请输入密码', '请确认密码']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    fill('用户名', 'a');
    fill('验证码', '12');
    fill('密码（至少6位）', '123');
    fill('确认密码', '124');
    fill('推荐人手机号（选填）', '999');
    for (const text of ['用户名至少2位', '验证码为6位数字', '密码至少6位', '两次密码不一致', '推荐人手机号格式不正确']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('prefills the referrer from ?referrer= and registers', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { success: true, message: '注册成功', token: 'tk', user_info: user, data: { token: 'tk', user_info: user } }),
    );
    const { router } = renderAt(<RegisterPage />, '/register?referrer=13900139000');
    expect((screen.getByPlaceholderText('推荐人手机号（选填）') as HTMLInputElement).value).toBe('13900139000');
    fireEvent.click(screen.getByRole('checkbox'));
    fill('用户名', '小灵');
    fill('手机号', '13800138000');
    fill('验证码', '123456');
    fill('密码（至少6位）', 'secret1');
    fill('确认密码', 'secret1');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ name: '小灵', phone: '13800138000', code: '123456', referrer_id: '13900139000' });
    expect(body.policy_version).toBeTruthy();
    expect(useAuthStore.getState().token).toBe('tk');
  });

  const fillValid = () => {
    fireEvent.click(screen.getByRole('checkbox'));
    fill('用户名', '小灵');
    fill('手机号', '13800138000');
    fill('验证码', '123456');
    fill('密码（至少6位）', 'secret1');
    fill('确认密码', 'secret1');
  };
  const ok = () =>
    jsonResponse(200, { success: true, message: '注册成功', token: 'tk', user_info: user, data: { token: 'tk', user_info: user } });

  it('ignores a malformed ?referrer= with a notice and registers without it (issue 19)', async () => {
    fetchMock.mockResolvedValueOnce(ok());
    const { router } = renderAt(<RegisterPage />, '/register?referrer=abc');
    expect(screen.getByText('邀请链接中的推荐人手机号无效，已为你忽略，可直接注册')).toBeTruthy();
    expect((screen.getByPlaceholderText('推荐人手机号（选填）') as HTMLInputElement).value).toBe('');
    fillValid();
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).referrer_id).toBeUndefined();
  });

  it('a link referrer who is not a user: says so, empties the field, and the next 注册 goes through without it', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { success: false, message: '推荐人不存在，请检查推荐人手机号' }));
    fetchMock.mockResolvedValueOnce(ok());
    const { router } = renderAt(<RegisterPage />, '/register?referrer=13000000002');
    fillValid();
    submit();
    expect(await screen.findByText('推荐人不存在，已清空推荐人，可直接注册')).toBeTruthy();
    expect((screen.getByPlaceholderText('推荐人手机号（选填）') as HTMLInputElement).value).toBe('');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body)).referrer_id).toBeUndefined();
  });

  it('a cleared referrer field is not refilled from the link', async () => {
    fetchMock.mockResolvedValueOnce(ok());
    renderAt(<RegisterPage />, '/register?referrer=13900139000');
    fillValid();
    fill('推荐人手机号（选填）', '');
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).referrer_id).toBeUndefined();
  });

  it("shows the server message on failure, '注册失败，请重试' without one", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { success: false, message: '该手机号已注册' }));
    renderAt(<RegisterPage />, '/register');
    fireEvent.click(screen.getByRole('checkbox'));
    fill('用户名', '小灵');
    fill('手机号', '13800138000');
    fill('验证码', '123456');
    fill('密码（至少6位）', 'secret1');
    fill('确认密码', 'secret1');
    submit();
    expect(await screen.findByText('该手机号已注册')).toBeTruthy();
  });
});
