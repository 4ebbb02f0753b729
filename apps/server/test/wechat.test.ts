import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, newPhone, registerUser, sendCode } from './support/users';
import { FakeBrowser, confirmOnPhone, newPersona, useListening } from './support/wechat-browser';

describe.each(dbTargets)('WeChat QR sign-in against the fake Open Platform on %s', (target) => {
  const ctx = useTestApp(target);
  const where = useListening(ctx);
  const browser = () => new FakeBrowser(() => where.base);

  /** QR → phone confirms → callback in `phone` (another device by default) → the creator's poll returns the ticket. */
  async function scanToTicket(b: FakeBrowser, persona = newPersona()) {
    const qr = await b.createQr();
    const callback = await confirmOnPhone(qr.data.qr_code_url, persona);
    const page = await browser().open(callback);
    expect(page.status, page.html).toBe(200);
    expect(page.html).toContain('登录成功，请返回原页面');
    const polled = await b.status(qr.qr_code_id);
    expect(polled.body).toMatchObject({ success: true, status: 'scanned', data: { status: 'scanned', intent: 'login' } });
    return { qr, ticket: polled.body.code!, persona };
  }

  async function wechatLogin(b: FakeBrowser, ticket: string, extra: object = {}) {
    const res = await b.fetch('/api/auth/unified-login', {
      method: 'POST',
      json: { login_type: 'wechat', code: ticket, wechat_type: 'mp', ...extra },
    });
    return { status: res.status, body: await res.json() };
  }

  it('creates a QR: a 128-bit state as qr_code_id, the qrconnect URL with our callback, a QR image and an HttpOnly creator cookie', async () => {
    const b = browser();
    const res = await b.fetch('/api/auth/wechat-qr-code', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^lx_wxqr=[\w-]{22,}; Path=\/api\/auth; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const body = await res.json();
    expect(body.qr_code_id).toMatch(/^[0-9a-f]{32}$/);
    expect(body.data.qr_code_id).toBe(body.qr_code_id);
    expect(body).toMatchObject({
      success: true,
      scope: 'snsapi_login',
      redirect_uri: `${where.base}/api/auth/wechat-callback`,
      login_js_url: null,
      expires_in: 300,
    });
    const url = new URL(body.qr_code_url);
    expect(url.pathname).toBe('/api/sandbox/wechat/connect/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: body.appid,
      redirect_uri: body.redirect_uri,
      response_type: 'code',
      scope: 'snsapi_login',
      state: body.qr_code_id,
    });
    expect(url.hash).toBe('#wechat_redirect');
    expect(body.qr_image).toMatch(/^data:image\/png;base64,/);
    expect((await b.status(body.qr_code_id)).body).toMatchObject({ status: 'waiting' });
  });

  it('sends a new WeChat person to bind-phone with a phoneless account, then the bound phone signs in to the same account', async () => {
    const b = browser();
    const { ticket } = await scanToTicket(b, 'xiaolin');
    const login = await wechatLogin(b, ticket);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body).toMatchObject({
      success: true,
      need_bind_phone: true,
      user_info: {
        phone: null,
        username: '微信用户·小林',
        wechat_nickname: '微信用户·小林',
        binding_status: { has_wechat: true, wechat_accounts: [{ wechat_type: 'web', wechat_nickname: '微信用户·小林' }] },
      },
    });
    expect(login.body.user_info.unionid).toBe('oSbxU_xiaolin_0000000000001');

    const phone = newPhone();
    const code = await sendCode(ctx, phone, 'bind');
    const bound = await ctx.inject({
      method: 'POST',
      url: '/api/auth/bind-phone',
      payload: { phone, password: '', code, token: login.body.token },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json()).toMatchObject({
      success: true,
      message: '手机号绑定成功',
      data: { user_info: { id: login.body.user_info.id, phone, binding_status: { has_wechat: true } } },
    });

    // The same person scanning again lands in that account, phone and all.
    const again = await wechatLogin(b, (await scanToTicket(b, 'xiaolin')).ticket);
    expect(again.body).toMatchObject({ need_bind_phone: false, user_info: { id: login.body.user_info.id, phone } });
  });

  it('signs a known identity in by unionid and answers /auth/me with its WeChat fields', async () => {
    const b = browser();
    const first = await wechatLogin(b, (await scanToTicket(b, 'ajie')).ticket);
    const second = await wechatLogin(b, (await scanToTicket(b, 'ajie')).ticket);
    expect(second.body.user_info.id).toBe(first.body.user_info.id);
    const me = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(second.body.token) });
    expect(me.json().data).toMatchObject({
      openid: expect.stringMatching(/^oSbx/),
      unionid: 'oSbxU_ajie_000000000000003',
      wechat_nickname: '微信用户·阿杰',
    });
    const rows = await ctx.database.db.query.wechatIdentities.findMany({
      where: (t, { eq }) => eq(t.unionid, 'oSbxU_ajie_000000000000003'),
    });
    expect(rows).toHaveLength(1);
  });

  it('refuses a reused code with 40163 and an expired one with 40029, leaving the QR waiting', async () => {
    const b = browser();
    const first = await b.createQr();
    const callback = await confirmOnPhone(first.data.qr_code_url);
    expect((await browser().open(callback)).status).toBe(200);

    // Replaying the same code against a fresh QR: the exchange fails at WeChat, nothing is recorded.
    const second = await b.createQr();
    const replay = new URL(callback);
    replay.searchParams.set('state', second.qr_code_id);
    const page = await browser().open(replay.toString());
    expect(page.status).toBe(400);
    expect(page.html).toContain('授权码已被使用（错误码 40163）');
    expect((await b.status(second.qr_code_id)).body.status).toBe('waiting');

    const expired = await confirmOnPhone(second.data.qr_code_url, 'xiaolin', 'expired-code');
    const page2 = await browser().open(expired);
    expect(page2.html).toContain('授权码无效或已过期（错误码 40029）');

    // The fake's sns endpoints answer like WeChat: HTTP 200 with errcode.
    const code = new URL(callback).searchParams.get('code')!;
    const appid = new URL(first.data.qr_code_url).searchParams.get('appid')!;
    const sns = await fetch(
      `${where.base}/api/sandbox/wechat/sns/oauth2/access_token?appid=${appid}&secret=lingxi-sandbox-wechat-secret&code=${code}&grant_type=authorization_code`,
    );
    expect(sns.status).toBe(200);
    expect(await sns.json()).toMatchObject({ errcode: 40163, errmsg: expect.stringMatching(/^code been used/) });
    const wrongSecret = await fetch(
      `${where.base}/api/sandbox/wechat/sns/oauth2/access_token?appid=${appid}&secret=nope&code=${code}&grant_type=authorization_code`,
    );
    expect((await wrongSecret.json()).errcode).toBe(40125);
  });

  it('expires a QR after 5 minutes: the poll says expired and a late callback is refused', async () => {
    const b = browser();
    const qr = await b.createQr();
    const callback = await confirmOnPhone(qr.data.qr_code_url);
    ctx.advance(5 * 60_000 + 1000);
    expect((await b.status(qr.qr_code_id)).body).toMatchObject({ success: true, status: 'expired' });
    const page = await browser().open(callback);
    expect(page.status).toBe(410);
    expect(page.html).toContain('二维码已过期');
  });

  it('consumes a result once: a second login with the same ticket fails and the poll then says expired', async () => {
    const b = browser();
    const { qr, ticket } = await scanToTicket(b);
    expect((await wechatLogin(b, ticket)).status).toBe(200);
    const twice = await wechatLogin(b, ticket);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ success: false, message: '微信登录凭证已失效，请重新扫码' });
    expect((await b.status(qr.qr_code_id)).body.status).toBe('expired');
    expect((await wechatLogin(b, 'made-up-ticket')).body.message).toBe('微信登录凭证已失效，请重新扫码');
  });

  it('answers 404 to a browser polling a QR it did not create, with or without a creator cookie of its own', async () => {
    const owner = browser();
    const { qr } = await scanToTicket(owner);
    const stranger = browser();
    const noCookie = await stranger.status(qr.qr_code_id);
    expect(noCookie.http).toBe(404);
    expect(noCookie.body).toMatchObject({ success: false, message: '二维码不存在或已失效' });
    await stranger.createQr();
    expect(stranger.cookie('lx_wxqr')).toBeTruthy();
    const ownCookie = await stranger.status(qr.qr_code_id);
    expect(ownCookie.http).toBe(404);
    expect(JSON.stringify(ownCookie.body)).not.toContain('code');
  });

  it('keeps the QR waiting when the person cancels on the phone (no code is sent back)', async () => {
    const b = browser();
    const qr = await b.createQr();
    const back = await confirmOnPhone(qr.data.qr_code_url, 'xiaolin', 'deny');
    expect(new URL(back).searchParams.get('code')).toBeNull();
    const page = await browser().open(back);
    expect(page.html).toContain('已取消授权');
    expect((await b.status(qr.qr_code_id)).body.status).toBe('waiting');
  });

  it('the fake qrconnect refuses a wrong appid, scope or redirect_uri host', async () => {
    const qr = await browser().createQr();
    const cases: [string, string, string][] = [
      ['appid', 'wx_wrong', 'appid 参数错误'],
      ['scope', 'snsapi_userinfo', 'scope 参数错误'],
      ['redirect_uri', 'http://evil.example/api/auth/wechat-callback', '该链接无法访问'],
    ];
    for (const [key, value, text] of cases) {
      const url = new URL(qr.qr_code_url);
      url.searchParams.set(key, value);
      const res = await fetch(url);
      expect(res.status, key).toBe(400);
      expect(await res.text()).toContain(text);
    }
  });

  it('rejects a callback for an unknown state and an unreadable qr_code_id', async () => {
    const page = await browser().open('/api/auth/wechat-callback?code=abc&state=00000000000000000000000000000000');
    expect(page.status).toBe(400);
    expect(page.html).toContain('登录请求无效');
    expect((await browser().status('not-an-id')).http).toBe(400);
  });

  it('records consent for a WeChat login that carries the policy version', async () => {
    const b = browser();
    const login = await wechatLogin(b, (await scanToTicket(b)).ticket, { policy_version: '2026-11-01' });
    const rows = await ctx.database.db.query.consentRecords.findMany({ where: (c, { eq }) => eq(c.userId, login.body.user_info.id) });
    expect(rows).toMatchObject([{ scene: 'login:wechat', policyVersion: '2026-11-01' }]);
  });

  it('binds a valid referrer to a new WeChat account and ignores an unknown one', async () => {
    const referrer = await registerUser(ctx);
    const b = browser();
    const withRef = await wechatLogin(b, (await scanToTicket(b)).ticket, { referrer_id: referrer.phone });
    expect(withRef.body.user_info.referrer_id).toBe(referrer.phone);
    const ghost = await wechatLogin(b, (await scanToTicket(b)).ticket, { referrer_id: '13000000001' });
    expect(ghost.status).toBe(200);
    expect(ghost.body.user_info.referrer_id).toBeNull();
  });

  it('needs a ticket for login_type wechat', async () => {
    const res = await wechatLogin(browser(), '');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('微信登录凭证无效，请重新扫码');
  });
});
