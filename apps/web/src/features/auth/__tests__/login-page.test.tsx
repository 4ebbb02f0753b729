import { STORAGE_KEYS } from '@lingxi/shared/rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { LoginPage } from '../components/login-page';
import { useAuthStore } from '../stores/auth-store';
import { jsonResponse, user } from './fixtures';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.setState({ user: null, token: null, isInitialized: true, sessionExpired: false });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const submitButton = () => screen.getAllByRole('button', { name: /登\s*录/ })[0]!;
const tick = () => fireEvent.click(screen.getAllByRole('checkbox')[0]!);

describe('login page', () => {
  it('shows a loading text until auth is initialised', () => {
    useAuthStore.setState({ isInitialized: false });
    renderAt(<LoginPage />, '/login');
    expect(screen.getByText('正在加载...')).toBeTruthy();
  });

  it('says why when the server dropped the session', () => {
    useAuthStore.setState({ sessionExpired: true });
    renderAt(<LoginPage />, '/login');
    expect(screen.getByText('登录状态已失效，请重新登录')).toBeTruthy();
  });

  it('says 网络异常，请重新登录 when the start-up /auth/me failed and the session was dropped (issue 19)', () => {
    useAuthStore.setState({ networkDropped: true });
    renderAt(<LoginPage />, '/login');
    expect(screen.getByRole('alert').textContent).toContain('网络异常，请重新登录');
    useAuthStore.setState({ networkDropped: false });
  });

  it('sends an initialised signed-in user home', async () => {
    useAuthStore.setState({ user, token: 't' });
    const { router } = renderAt(<LoginPage />, '/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('keeps submit disabled until the privacy box is ticked, and says why when unticked', async () => {
    renderAt(<LoginPage />, '/login');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    tick();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
    tick();
    expect(await screen.findByText('请同意隐私政策')).toBeTruthy();
  });

  it('starts ticked when the privacy flag is stored', () => {
    localStorage.setItem(STORAGE_KEYS.privacyShown, 'true');
    renderAt(<LoginPage />, '/login');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the Chinese validation messages of the password tab', async () => {
    renderAt(<LoginPage />, '/login');
    tick();
    fireEvent.click(submitButton());
    expect(await screen.findByText('请输入手机号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('手机号'), { target: { value: '12345' } });
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the code-tab messages: required and not six digits', async () => {
    renderAt(<LoginPage />, '/login');
    fireEvent.click(screen.getByRole('tab', { name: '验证码登录' }));
    tick();
    fireEvent.click(submitButton());
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: '12a' } });
    expect(await screen.findByText('验证码格式不正确')).toBeTruthy();
  });

  it('hides the register link on the WeChat tab', () => {
    renderAt(<LoginPage />, '/login');
    expect(screen.getByText('立即注册')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '微信扫码登录' }));
    expect(screen.queryByText('立即注册')).toBeNull();
    expect(screen.getByText('微信扫码登录即将开放')).toBeTruthy();
  });

  it('opens a 提示 dialog with 我知道了 and the mapped text when login fails', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { success: false, message: '密码错误' }));
    renderAt(<LoginPage />, '/login');
    tick();
    fireEvent.change(screen.getByPlaceholderText('手机号'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'secret1' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('密码错误，请重试')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('提示');
    expect(screen.getByRole('button', { name: '我知道了' })).toBeTruthy();
  });

  it('logs in, sends policy_version, stores token and privacy flag, and goes home', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { success: true, message: '登录成功', token: 'new', user_info: user, data: { token: 'new', user_info: user } }),
    );
    const { router } = renderAt(<LoginPage />, '/login');
    tick();
    fireEvent.change(screen.getByPlaceholderText('手机号'), { target: { value: '138 0013 8000' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'secret1' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));
    expect(body).toMatchObject({ login_type: 'phone', phone: '13800138000', password: 'secret1' });
    expect(body.policy_version).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new');
    expect(localStorage.getItem(STORAGE_KEYS.privacyShown)).toBe('true');
  });
});
