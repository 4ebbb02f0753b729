import { chatUsageDays } from '../src/db/schema';
import { BIND_ELSEWHERE } from '../src/modules/wechat/service';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerUser, sendCode } from './support/users';
import { FakeBrowser, confirmOnPhone, newPersona, useListening } from './support/wechat-browser';

describe.each(dbTargets)('binding WeChat to an account on %s', (target) => {
  const ctx = useTestApp(target);
  const where = useListening(ctx);
  const browser = () => new FakeBrowser(() => where.base);
  const me = async (token: string) => (await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json();

  async function newWechatAccount(b: FakeBrowser, persona = newPersona()) {
    const qr = await b.createQr();
    await browser().open(await confirmOnPhone(qr.data.qr_code_url, persona));
    const { body } = await b.status(qr.qr_code_id);
    const res = await b.fetch('/api/auth/unified-login', {
      method: 'POST',
      json: { login_type: 'wechat', code: body.code, wechat_type: 'mp' },
    });
    return (await res.json()) as { token: string; user_info: { id: string }; need_bind_phone: boolean };
  }

  it('bind-start needs a signed-in user and answers appid, scope snsapi_login, redirect_uri and state', async () => {
    const anon = await browser().fetch('/api/auth/wechat-bind-start', { method: 'POST' });
    expect(anon.status).toBe(401);
    const { token } = await registerUser(ctx);
    const data = await browser().bindStart(token);
    expect(data).toMatchObject({
      scope: 'snsapi_login',
      redirect_uri: `${where.base}/api/auth/wechat-callback`,
      state: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(new URL(data.qr_code_url).searchParams.get('state')).toBe(data.state);
  });

  it('attaches the scanned identity to the user and sends the starting browser to /profile?bind=success', async () => {
    const { token } = await registerUser(ctx);
    const b = browser();
    const start = await b.bindStart(token);
    const callback = await confirmOnPhone(start.qr_code_url, 'xiaoyu');
    // The callback opened in the browser that started the bind (second tab, or the top window) goes back to the profile.
    const page = await b.open(callback);
    expect(page.status).toBe(302);
    expect(page.location).toBe('/profile?bind=success');
    expect((await b.status(start.state)).body).toMatchObject({ status: 'scanned', data: { intent: 'bind', message: '微信绑定成功' } });
    expect((await me(token)).data).toMatchObject({
      binding_status: { has_wechat: true, wechat_accounts: [{ wechat_type: 'web', wechat_nickname: '微信用户·小雨' }] },
    });

    // Signing in with that WeChat now opens the phone account.
    const login = await newWechatAccount(browser(), 'xiaoyu');
    expect(login.need_bind_phone).toBe(false);
    expect(login.user_info.id).toBe((await me(token)).data.id);
  });

  it('refuses a bind confirmed outside the browser that started it: someone sent the QR link cannot bind their WeChat', async () => {
    const binder = await registerUser(ctx);
    const b = browser();
    const start = await b.bindStart(binder.token);
    // The bind QR's link, opened and confirmed by another person in another browser (no creator cookie).
    const stranger = browser();
    const persona = newPersona();
    const page = await stranger.open(await confirmOnPhone(start.qr_code_url, persona));
    expect(page.status).toBe(403);
    expect(page.html).toContain('请在发起绑定的浏览器中扫码确认');
    expect(page.location).toBeNull();
    // The binder's modal learns why, the account stays unbound, and that WeChat still belongs to no one.
    expect((await b.status(start.state)).body).toMatchObject({ status: 'failed', data: { message: BIND_ELSEWHERE } });
    expect((await me(binder.token)).data.binding_status).toMatchObject({ has_wechat: false, wechat_accounts: [] });
    expect((await newWechatAccount(browser(), persona)).need_bind_phone).toBe(true);
    // The same QR cannot be retried from the right browser either: the binder asks for a new one.
    const retry = await b.open(await confirmOnPhone(start.qr_code_url, newPersona()));
    expect(retry.status).toBe(409);
  });

  it('refuses to bind a WeChat already bound to another account with 409 该微信已绑定其他账号', async () => {
    const owner = await registerUser(ctx);
    const persona = newPersona();
    const b1 = browser();
    await b1.open(await confirmOnPhone((await b1.bindStart(owner.token)).qr_code_url, persona));

    const thief = await registerUser(ctx);
    const b2 = browser();
    const start = await b2.bindStart(thief.token);
    const page = await b2.open(await confirmOnPhone(start.qr_code_url, persona));
    expect(page.status).toBe(409);
    expect(page.html).toContain('该微信已绑定其他账号');
    expect((await b2.status(start.state)).body).toMatchObject({ status: 'failed', data: { message: '该微信已绑定其他账号' } });
    expect((await me(thief.token)).data.binding_status.has_wechat).toBe(false);

    // A WeChat-created account is "another account" too.
    const wx = newPersona();
    await newWechatAccount(browser(), wx);
    const b3 = browser();
    const start3 = await b3.bindStart(thief.token);
    expect((await b3.open(await confirmOnPhone(start3.qr_code_url, wx))).status).toBe(409);
  });

  it('allows unbinding only while a phone remains to sign in with', async () => {
    const wx = await newWechatAccount(browser());
    const refused = await ctx.inject({ method: 'POST', url: '/api/auth/wechat-unbind', headers: bearer(wx.token) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('请先绑定手机号再解绑微信，否则将无法登录');

    const { token } = await registerUser(ctx);
    const b = browser();
    await b.open(await confirmOnPhone((await b.bindStart(token)).qr_code_url, newPersona()));
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/wechat-unbind', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: '已解绑微信',
      data: { binding_status: { has_wechat: false, wechat_accounts: [] } },
    });
    expect((await me(token)).data.binding_status.has_wechat).toBe(false);
  });

  it('bind-phone onto a phone that has an account joins the WeChat identity to it and returns that account’s token', async () => {
    const existing = await registerUser(ctx, { name: '老用户' });
    const wx = await newWechatAccount(browser());
    expect(wx.need_bind_phone).toBe(true);
    // Both accounts chatted today: the merged account keeps the sum, so merging never resets the daily bound.
    await ctx.database.db.insert(chatUsageDays).values([
      { userId: existing.user.id, day: '2026-11-20', tokens: 100 },
      { userId: wx.user_info.id, day: '2026-11-20', tokens: 20 },
      { userId: wx.user_info.id, day: '2026-11-21', tokens: 3 },
    ]);

    const code = await sendCode(ctx, existing.phone, 'bind');
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/bind-phone',
      payload: { phone: existing.phone, password: '', code, token: wx.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.token).not.toBe(wx.token);
    expect(body.data.user_info).toMatchObject({
      id: existing.user.id,
      phone: existing.phone,
      username: '老用户',
      binding_status: { has_wechat: true },
    });
    // The phoneless account is gone, and its token with it.
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(wx.token) })).statusCode).toBe(401);
    expect(await ctx.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, wx.user_info.id) })).toBeUndefined();
    expect((await me(body.token)).data.id).toBe(existing.user.id);
    const usage = await ctx.database.db.query.chatUsageDays.findMany({ where: (u, { eq }) => eq(u.userId, existing.user.id) });
    expect(usage.map((u) => [u.day, u.tokens]).sort()).toEqual([
      ['2026-11-20', 120],
      ['2026-11-21', 3],
    ]);
  });

  it('refuses that join when the phone’s account already has a different WeChat', async () => {
    const existing = await registerUser(ctx);
    const b = browser();
    await b.open(await confirmOnPhone((await b.bindStart(existing.token)).qr_code_url, newPersona()));
    const wx = await newWechatAccount(browser());
    ctx.advance(61_000);
    const code = await sendCode(ctx, existing.phone, 'bind');
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/bind-phone',
      payload: { phone: existing.phone, password: '', code, token: wx.token },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('该手机号的账号已绑定其他微信');
    expect((await me(wx.token)).data.phone).toBeNull();
  });

  it('refuses the join without the right SMS code, keeping both accounts', async () => {
    const existing = await registerUser(ctx);
    const wx = await newWechatAccount(browser());
    ctx.advance(61_000);
    await sendCode(ctx, existing.phone, 'bind');
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/bind-phone',
      payload: { phone: existing.phone, password: '', code: '000000', token: wx.token },
    });
    expect(res.statusCode).toBe(400);
    expect((await me(wx.token)).success).toBe(true);
  });
});
