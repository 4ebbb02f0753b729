import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetchAndTimers } from '@/test/fixtures';
import { AppProvider } from '@/app/provider';
import { WechatLoginPanel } from '../components/wechat-login-panel';
import { baseUser, json, qrResponse, route, statusResponse } from './fixtures';

const { fetchMock, advance } = mockFetchAndTimers();

const statusCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('wechat-qr-status')).length;

function renderPanel(props: Partial<Parameters<typeof WechatLoginPanel>[0]> = {}, at = '/login') {
  const onSignedIn = vi.fn();
  render(
    <MemoryRouter initialEntries={[at]}>
      <AppProvider>
        <WechatLoginPanel active agreed onSignedIn={onSignedIn} {...props} />
      </AppProvider>
    </MemoryRouter>,
  );
  return { onSignedIn };
}

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.50';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
const useUserAgent = (ua: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua);
afterEach(() => vi.restoreAllMocks());

describe('WeChat QR login panel', () => {
  it('asks for privacy consent before creating any QR', async () => {
    renderPanel({ agreed: false });
    await advance(5000);
    expect(screen.getByText(/请先阅读并勾选同意下方的《用户协议》和《隐私政策》/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows 生成中, then the QR with a link, polls every 2 s and signs in with the scanned ticket', async () => {
    let polls = 0;
    route(fetchMock, {
      'wechat-qr-code': qrResponse,
      'wechat-qr-status': () => (++polls < 3 ? statusResponse('waiting') : statusResponse('scanned', { code: 'ticket-1' })),
      'unified-login': () =>
        json(200, {
          success: true,
          message: '登录成功',
          token: 't1',
          user_info: baseUser,
          data: { token: 't1', user_info: baseUser },
          need_bind_phone: true,
        }),
    });
    const { onSignedIn } = renderPanel({ referrerId: '13900000001' });
    expect(screen.getByText('正在生成二维码...')).toBeTruthy();
    await advance(0);
    expect((screen.getByAltText('微信扫码二维码') as HTMLImageElement).src).toContain('data:image/png');
    expect(screen.getByText('无法扫码？在新标签页打开确认页').closest('a')!.getAttribute('target')).toBe('_blank');
    await advance(1999);
    expect(statusCalls()).toBe(0);
    await advance(1);
    expect(statusCalls()).toBe(1);
    await advance(4000);
    expect(statusCalls()).toBe(3);
    const login = fetchMock.mock.calls.find(([u]) => String(u).includes('unified-login'))!;
    expect(JSON.parse(String(login[1]!.body))).toMatchObject({
      login_type: 'wechat',
      code: 'ticket-1',
      referrer_id: '13900000001',
      wechat_type: 'mp',
      policy_version: expect.any(String),
    });
    expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ token: 't1', need_bind_phone: true }));
    expect(screen.getByText('扫码成功，正在登录...')).toBeTruthy();
  });

  it('shows 二维码已过期 with 刷新, which makes a new QR', async () => {
    route(fetchMock, { 'wechat-qr-code': qrResponse, 'wechat-qr-status': () => statusResponse('expired') });
    renderPanel();
    await advance(2000);
    expect(screen.getByText('二维码已过期')).toBeTruthy();
    expect(screen.getByText('二维码已过期，请重新生成')).toBeTruthy();
    const before = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: /刷\s*新/ }));
    await advance(0);
    expect(fetchMock.mock.calls.length).toBe(before + 1);
    expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('wechat-qr-code');
  });

  it('shows 生成二维码失败 with 重试 when the QR cannot be created', async () => {
    route(fetchMock, { 'wechat-qr-code': () => json(500, { success: false, message: '服务器内部错误，请稍后重试' }) });
    renderPanel();
    await advance(0);
    expect(screen.getByText('生成二维码失败')).toBeTruthy();
    route(fetchMock, { 'wechat-qr-code': qrResponse, 'wechat-qr-status': () => statusResponse('waiting') });
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await advance(0);
    expect(screen.getByAltText('微信扫码二维码')).toBeTruthy();
  });

  it('shows 微信登录失败 with the server reason when the ticket is refused', async () => {
    route(fetchMock, {
      'wechat-qr-code': qrResponse,
      'wechat-qr-status': () => statusResponse('scanned', { code: 'used' }),
      'unified-login': () => json(400, { success: false, message: '微信登录凭证已失效，请重新扫码' }),
    });
    const { onSignedIn } = renderPanel();
    await advance(2000);
    expect(screen.getByText('微信登录失败')).toBeTruthy();
    expect(screen.getByText('微信登录凭证已失效，请重新扫码')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('register tab: stops polling after 60 s with 二维码轮询已超时，请重新生成', async () => {
    route(fetchMock, { 'wechat-qr-code': qrResponse, 'wechat-qr-status': () => statusResponse('waiting') });
    renderPanel({ pollTimeoutMs: 60_000 });
    await advance(60_000);
    const polls = statusCalls();
    expect(polls).toBeGreaterThanOrEqual(29);
    expect(screen.getAllByText('二维码轮询已超时，请重新生成').length).toBeGreaterThanOrEqual(1);
    await advance(10_000);
    expect(statusCalls()).toBe(polls);
  });

  it('stops polling while the tab is hidden', async () => {
    route(fetchMock, { 'wechat-qr-code': qrResponse, 'wechat-qr-status': () => statusResponse('waiting') });
    renderPanel({ active: false });
    await advance(10_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('inside WeChat offers 微信一键登录 instead of a QR and starts the official account authorization', async () => {
    useUserAgent(WECHAT_UA);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    route(fetchMock, {
      'wechat-oa/authorize': () =>
        json(200, {
          success: true,
          message: 'ok',
          data: {
            appid: 'wxmp',
            scope: 'snsapi_userinfo',
            redirect_uri: 'r',
            state: 'b'.repeat(32),
            url: 'https://open.weixin.qq.com/connect/oauth2/authorize?x#wechat_redirect',
            expires_in: 300,
          },
        }),
    });
    renderPanel({ returnTo: '/login?from=%2Fprofile' });
    await advance(0);
    expect(screen.queryByAltText('微信扫码二维码')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /微信一键登录/ }));
    await advance(0);
    const start = fetchMock.mock.calls.find(([u]) => String(u).includes('wechat-oa/authorize'));
    expect(JSON.parse(String(start?.[1]?.body))).toEqual({ intent: 'login', return_to: '/login?from=%2Fprofile' });
    expect(assign).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/oauth2/authorize?x#wechat_redirect');
  });

  it('back from the authorization (?wechat_oa=) signs in with the ticket, keeping the referrer', async () => {
    useUserAgent(WECHAT_UA);
    route(fetchMock, {
      'wechat-qr-status': () => statusResponse('scanned', { code: 'oa-ticket' }),
      'unified-login': () =>
        json(200, {
          success: true,
          message: '登录成功',
          token: 't',
          user_info: baseUser,
          data: { token: 't', user_info: baseUser },
          need_bind_phone: false,
        }),
    });
    const { onSignedIn } = renderPanel({ agreed: false, referrerId: '13900000001' }, `/register?wechat_oa=${'c'.repeat(32)}`);
    await advance(0);
    await advance(0);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(`wechat-qr-status/${'c'.repeat(32)}`);
    const login = fetchMock.mock.calls.find(([u]) => String(u).includes('unified-login'));
    expect(JSON.parse(String(login?.[1]?.body))).toMatchObject({ login_type: 'wechat', code: 'oa-ticket', referrer_id: '13900000001' });
    expect(onSignedIn).toHaveBeenCalled();
  });

  it('in another phone browser explains 长按识别 under the QR', async () => {
    useUserAgent(IPHONE_UA);
    route(fetchMock, { 'wechat-qr-code': qrResponse, 'wechat-qr-status': () => statusResponse('waiting') });
    renderPanel();
    await advance(0);
    expect(screen.getByText(/请长按二维码选择“识别图中二维码”/)).toBeTruthy();
  });
});
