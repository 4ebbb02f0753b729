import type { UserInfo } from '@lingxi/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetchAndTimers } from '@/test/fixtures';
import { renderAt } from '@/test/render';
import { WechatBindingCard } from '../components/wechat-binding-card';
import { baseUser, json, qrData, route } from './fixtures';

const { fetchMock, advance } = mockFetchAndTimers();

function renderCard(user: UserInfo, path = '/profile') {
  const props = { onRefreshUser: vi.fn(async () => undefined), onUserChanged: vi.fn(), onSessionLost: vi.fn() };
  const view = renderAt(<WechatBindingCard user={user} {...props} />, path);
  return { ...props, ...view };
}

const bound = (accounts: UserInfo['binding_status']['wechat_accounts'], nickname: string | null = null): UserInfo => ({
  ...baseUser,
  wechat_nickname: nickname,
  binding_status: { has_wechat: true, wechat_accounts: accounts },
});

const bindStart = {
  appid: qrData.appid,
  scope: 'snsapi_login',
  redirect_uri: qrData.redirect_uri,
  state: 'b'.repeat(32),
  qr_code_url: qrData.qr_code_url,
  qr_image: qrData.qr_image,
  login_js_url: null,
  expires_in: 300,
};

describe('profile WeChat block', () => {
  it('shows 未绑定微信 and a 绑定微信 button when unbound', () => {
    renderCard(baseUser);
    expect(screen.getByText('未绑定微信')).toBeTruthy();
    expect(screen.getByRole('button', { name: /绑定微信/ })).toBeTruthy();
  });

  it('labels every linked account type and falls back to 未知昵称', () => {
    renderCard(
      bound([
        { wechat_type: 'miniprogram', wechat_nickname: '小程序的我' },
        { wechat_type: 'mp', wechat_nickname: null },
        { wechat_type: 'web', wechat_nickname: '网站的我' },
        { wechat_type: 'work', wechat_nickname: '企业的我' },
        { wechat_type: '', wechat_nickname: '无类型' },
      ]),
    );
    expect(screen.getByText('已绑定微信')).toBeTruthy();
    for (const label of ['小程序', '公众号', '网站应用', 'work', '未知', '未知昵称', '小程序的我'])
      expect(screen.getByText(label)).toBeTruthy();
  });

  it('shows the single fallback nickname when there is no account list', () => {
    renderCard(bound([], '老微信昵称'));
    expect(screen.getByText('老微信昵称')).toBeTruthy();
  });

  it('on ?bind=success says 微信绑定成功, refetches the user and removes the parameter', async () => {
    const { onRefreshUser, router } = renderCard(baseUser, '/profile?bind=success&tab=1');
    await advance(0);
    expect(screen.getByText('微信绑定成功')).toBeTruthy();
    expect(onRefreshUser).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toBe('?tab=1');
  });

  it('opens a 400-wide modal with the QR, and closes it with success once the poll reports the bind', async () => {
    let polls = 0;
    route(fetchMock, {
      'wechat-bind-start': () => json(200, { success: true, message: 'ok', data: bindStart }),
      'wechat-qr-status': () =>
        json(200, {
          success: true,
          message: 'ok',
          status: ++polls < 2 ? 'waiting' : 'scanned',
          data: { status: polls < 2 ? 'waiting' : 'scanned', intent: 'bind' },
        }),
    });
    const { onRefreshUser } = renderCard(baseUser);
    fireEvent.click(screen.getByRole('button', { name: /绑定微信/ }));
    await advance(0);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('请使用微信扫码完成绑定');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('400px');
    expect((document.querySelector('.wechat-bind-area') as HTMLElement).style.width).toBe('260px');
    await advance(4000);
    expect(screen.getByText('微信绑定成功')).toBeTruthy();
    expect(onRefreshUser).toHaveBeenCalled();
  });

  it('says 获取微信绑定参数失败 when bind-start answers without data', async () => {
    route(fetchMock, { 'wechat-bind-start': () => json(200, { success: true, message: 'ok', data: null }) });
    renderCard(baseUser);
    fireEvent.click(screen.getByRole('button', { name: /绑定微信/ }));
    await advance(0);
    expect(screen.getByText('获取微信绑定参数失败')).toBeTruthy();
  });

  it('says 发起绑定失败 when bind-start fails otherwise', async () => {
    route(fetchMock, { 'wechat-bind-start': () => json(500, { success: false }) });
    renderCard(baseUser);
    fireEvent.click(screen.getByRole('button', { name: /绑定微信/ }));
    await advance(0);
    expect(screen.getByText('发起绑定失败')).toBeTruthy();
  });

  it('shows the refusal of a WeChat already bound elsewhere', async () => {
    route(fetchMock, {
      'wechat-bind-start': () => json(200, { success: true, message: 'ok', data: bindStart }),
      'wechat-qr-status': () =>
        json(200, {
          success: true,
          message: '该微信已绑定其他账号',
          status: 'failed',
          data: { status: 'failed', intent: 'bind', message: '该微信已绑定其他账号' },
        }),
    });
    renderCard(baseUser);
    fireEvent.click(screen.getByRole('button', { name: /绑定微信/ }));
    await advance(2000);
    expect(screen.getByText('该微信已绑定其他账号')).toBeTruthy();
  });

  it('offers unbinding only to an account with a phone', () => {
    renderCard({ ...bound([{ wechat_type: 'web', wechat_nickname: 'x' }]), phone: null });
    expect(screen.queryByRole('button', { name: /解绑微信/ })).toBeNull();
    expect(screen.getByText(/绑定手机号后才能解绑微信/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去绑定手机号' }).getAttribute('href')).toBe('/bind-phone?from=%2Fprofile');
  });
});
