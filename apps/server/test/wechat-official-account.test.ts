import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { wechatIdentities, wechatOaOpenids } from '../src/db/schema';
import { SANDBOX_WECHAT_APP, SANDBOX_WECHAT_MP } from '../src/modules/wechat/config';
import { SANDBOX_PERSONAS, openidFor } from '../src/modules/wechat/providers/sandbox-personas';
import { OA_ELSEWHERE } from '../src/modules/wechat/service';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerUser } from './support/users';
import { FakeBrowser, WECHAT_UA, authorizeInWechat, confirmOnPhone, newPersona, useListening } from './support/wechat-browser';

function persona(key: string) {
  const found = SANDBOX_PERSONAS.find((p) => p.key === key);
  if (!found) throw new Error(`no sandbox persona ${key}`);
  return found;
}

describe.each(dbTargets)('WeChat official-account web authorization (公众号网页授权) against the fake on %s', (target) => {
  const ctx = useTestApp(target);
  const where = useListening(ctx);
  const inWechat = () => new FakeBrowser(() => where.base, WECHAT_UA);
  const desktop = () => new FakeBrowser(() => where.base);

  async function unifiedLogin(b: FakeBrowser, code: string | undefined, extra: object = {}) {
    const res = await b.fetch('/api/auth/unified-login', { method: 'POST', json: { login_type: 'wechat', code, ...extra } });
    return { status: res.status, body: await res.json() };
  }

  /** One tap inside WeChat: authorize → back on the sign-in page with wechat_oa → status gives the ticket → signed in. */
  async function signInInsideWechat(b: FakeBrowser, personaKey: string, extra: object = {}, returnTo = '/login?redirect=%2Fchat%2Flove') {
    const auth = await authorizeInWechat(b, { intent: 'login', returnTo, persona: personaKey });
    expect(auth.back.status).toBe(302);
    expect(auth.back.location).toBe(`${returnTo}&wechat_oa=${auth.state}`);
    const polled = await b.status(auth.state);
    expect(polled.body.data).toMatchObject({ status: 'scanned', intent: 'login' });
    return { auth, code: polled.body.code, login: await unifiedLogin(b, polled.body.code, extra) };
  }

  it('starts with the official account’s appid, snsapi_userinfo and our callback, as connect/oauth2/authorize#wechat_redirect', async () => {
    const b = inWechat();
    const res = await b.fetch('/api/auth/wechat-oa/authorize', { method: 'POST', json: { intent: 'login' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^lx_wxqr=[\w-]{22,}; Path=\/api\/auth;.*HttpOnly; SameSite=Lax/);
    const { data } = await res.json();
    expect(data).toMatchObject({
      appid: SANDBOX_WECHAT_MP.appid,
      scope: 'snsapi_userinfo',
      redirect_uri: `${where.base}/api/auth/wechat-callback`,
      state: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const url = new URL(data.url);
    expect(url.pathname).toBe('/api/sandbox/wechat/connect/oauth2/authorize');
    expect([...url.searchParams.keys()]).toEqual(['appid', 'redirect_uri', 'response_type', 'scope', 'state']);
    expect(url.searchParams.get('state')).toBe(data.state);
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('signs a new WeChat person in with one tap: a phoneless account linked as 公众号, the openid kept for payments', async () => {
    const b = inWechat();
    const key = newPersona();
    const { login, code } = await signInInsideWechat(b, key);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body).toMatchObject({
      success: true,
      need_bind_phone: true,
      user_info: {
        phone: null,
        binding_status: { has_wechat: true, wechat_accounts: [{ wechat_type: 'mp', appid: SANDBOX_WECHAT_MP.appid }] },
      },
    });
    const userId = login.body.user_info.id as string;
    const [kept] = await ctx.database.db.select().from(wechatOaOpenids).where(eq(wechatOaOpenids.userId, userId));
    expect(kept).toMatchObject({ appid: SANDBOX_WECHAT_MP.appid, openid: login.body.user_info.openid });
    // The ticket is single use, like the QR's.
    const again = await unifiedLogin(b, code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('微信登录凭证已失效，请重新扫码');
  });

  it('links by unionid: someone who signed in by QR lands in the same account inside WeChat, with both identities', async () => {
    const pc = desktop();
    const qr = await pc.createQr();
    await desktop().open(await confirmOnPhone(qr.data.qr_code_url, 'xiaoyu'));
    const byQr = await unifiedLogin(pc, (await pc.status(qr.qr_code_id)).body.code);
    expect(byQr.status).toBe(200);

    const { login } = await signInInsideWechat(inWechat(), 'xiaoyu');
    expect(login.body.user_info.id).toBe(byQr.body.user_info.id);
    expect(login.body.need_bind_phone).toBe(true);
    const rows = await ctx.database.db.select().from(wechatIdentities).where(eq(wechatIdentities.userId, byQr.body.user_info.id));
    const xiaoyu = persona('xiaoyu');
    expect(rows.map((r) => [r.wechatType, r.appid, r.openid, r.unionid]).sort()).toEqual(
      [
        ['mp', SANDBOX_WECHAT_MP.appid, openidFor(SANDBOX_WECHAT_MP.appid, xiaoyu), xiaoyu.unionid],
        ['web', SANDBOX_WECHAT_APP.appid, openidFor(SANDBOX_WECHAT_APP.appid, xiaoyu), xiaoyu.unionid],
      ].sort(),
    );
  });

  it('binds a valid referrer to the new account and lets an unknown one go, as the QR sign-in does', async () => {
    const referrer = await registerUser(ctx);
    const withRef = await signInInsideWechat(inWechat(), newPersona(), { referrer_id: referrer.phone });
    expect(withRef.login.body.user_info.referrer_id).toBe(referrer.phone);
    const ghost = await signInInsideWechat(inWechat(), newPersona(), { referrer_id: '13000000001' });
    expect(ghost.login.status).toBe(200);
    expect(ghost.login.body.user_info.referrer_id).toBeNull();
  });

  it('comes back to the register page it started from, its referrer link intact', async () => {
    const b = inWechat();
    const auth = await authorizeInWechat(b, { intent: 'login', returnTo: '/register?referrer=13800000000', persona: newPersona() });
    expect(auth.back.location).toBe(`/register?referrer=13800000000&wechat_oa=${auth.state}`);
  });

  it('comes back to /login carrying the deep link to open after signing in (issue 19), and signs in from there', async () => {
    const b = inWechat();
    const returnTo = `/login?from=${encodeURIComponent('/chat/love?x=1')}`;
    const auth = await authorizeInWechat(b, { intent: 'login', returnTo, persona: newPersona() });
    expect(auth.back.location).toBe(`${returnTo}&wechat_oa=${auth.state}`);
    const status = (await b.status(auth.state)).body.data;
    expect(status).toMatchObject({ status: 'scanned', intent: 'login' });
    expect((await unifiedLogin(b, status?.code)).status).toBe(200);
  });

  it('refuses a return address off the site', async () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/api/auth/me']) {
      const res = await inWechat().fetch('/api/auth/wechat-oa/authorize', { method: 'POST', json: { intent: 'login', return_to: bad } });
      expect(res.status, bad).toBe(400);
      expect((await res.json()).message).toBe('返回地址不正确');
    }
  });

  it('reports a cancelled authorization on the page it returns to, and stores nothing', async () => {
    const b = inWechat();
    const auth = await authorizeInWechat(b, { intent: 'login', persona: newPersona(), decision: 'deny' });
    expect(new URL(auth.callback).searchParams.get('code')).toBeNull();
    expect(auth.back.location).toBe(`/login?wechat_oa=${auth.state}`);
    expect((await b.status(auth.state)).body.data).toMatchObject({ status: 'failed', intent: 'login', message: '你已取消微信授权' });
  });

  it('refuses the callback in a browser that did not start it, before the code is exchanged', async () => {
    const attacker = inWechat();
    const start = await attacker.fetch('/api/auth/wechat-oa/authorize', { method: 'POST', json: { intent: 'login' } });
    const { data } = await start.json();
    // The victim's WeChat authorizes the attacker's state: our callback runs in the victim's browser.
    const victim = inWechat();
    const page = await victim.fetch(data.url.replace(/#wechat_redirect$/, ''));
    const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const confirmed = await victim.fetch(new URL(action, data.url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ persona: 'xiaomei', decision: 'allow' }).toString(),
    });
    const callback = await victim.open(confirmed.headers.get('location') ?? '');
    expect(callback.status).toBe(403);
    expect(callback.html).toContain(OA_ELSEWHERE);
    const polled = await attacker.status(data.state);
    expect(polled.body.data).toMatchObject({ status: 'failed', message: OA_ELSEWHERE });
    expect(polled.body.code).toBeUndefined();
    // The code was never used by us: WeChat would still accept it once.
    const code = new URL(confirmed.headers.get('location') ?? '').searchParams.get('code');
    const sns = await fetch(
      `${where.base}/api/sandbox/wechat/sns/oauth2/access_token?appid=${SANDBOX_WECHAT_MP.appid}&secret=${SANDBOX_WECHAT_MP.secret}&code=${code}&grant_type=authorization_code`,
    );
    expect((await sns.json()).openid).toBe(openidFor(SANDBOX_WECHAT_MP.appid, persona('xiaomei')));
  });

  it('silent snsapi_base for a signed-in user: no page once WeChat knows who is signed in, the openid stored, back where asked', async () => {
    const user = await registerUser(ctx);
    const b = inWechat();
    const anon = await b.fetch('/api/auth/wechat-oa/authorize', { method: 'POST', json: { intent: 'base' } });
    expect(anon.status).toBe(401);

    // The first authorization in this WeChat picks who is signed in to it; later silent ones show no page at all.
    const first = await authorizeInWechat(b, { intent: 'base', bearer: user.token, returnTo: '/rewardhistory', persona: 'ajie' });
    expect(first.scope).toBe('snsapi_base');
    expect(first.back.location).toBe(`/rewardhistory?wechat_oa=${first.state}`);
    const start = await b.fetch('/api/auth/wechat-oa/authorize', {
      method: 'POST',
      bearer: user.token,
      json: { intent: 'base', return_to: '/chat/love?x=1' },
    });
    const { data } = await start.json();
    const silent = await b.fetch(data.url.replace(/#wechat_redirect$/, ''));
    expect(silent.status).toBe(302);
    const back = await b.open(silent.headers.get('location') ?? '');
    expect(back.location).toBe(`/chat/love?x=1&wechat_oa=${data.state}`);
    expect((await b.status(data.state)).body.data).toMatchObject({ status: 'scanned', intent: 'base' });

    const rows = await ctx.database.db.select().from(wechatOaOpenids).where(eq(wechatOaOpenids.userId, user.user.id));
    expect(rows).toMatchObject([{ appid: SANDBOX_WECHAT_MP.appid, openid: openidFor(SANDBOX_WECHAT_MP.appid, persona('ajie')) }]);
    // A payer openid is not a sign-in identity: the phone account has no WeChat linked by it.
    const me = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.token) });
    expect(me.json().data.binding_status.has_wechat).toBe(false);
    // It is the person's data: in their export.
    const exported = await ctx.inject({ method: 'GET', url: '/api/account/export', headers: bearer(user.token) });
    expect(exported.json().data.wechat_oa_openids).toMatchObject([{ appid: SANDBOX_WECHAT_MP.appid, openid: rows[0]?.openid }]);
  });

  it('binds inside WeChat from the profile: the identity is attached as 公众号 and the profile reads the outcome', async () => {
    const user = await registerUser(ctx);
    const b = inWechat();
    const auth = await authorizeInWechat(b, { intent: 'bind', bearer: user.token, returnTo: '/profile', persona: 'xiaomei' });
    expect(auth.back.location).toBe(`/profile?wechat_oa=${auth.state}`);
    expect((await b.status(auth.state)).body.data).toMatchObject({ status: 'scanned', intent: 'bind', message: '微信绑定成功' });
    const me = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.token) });
    expect(me.json().data.binding_status.wechat_accounts).toMatchObject([{ wechat_type: 'mp', wechat_nickname: '微信用户·小美' }]);

    // The same WeChat person cannot be bound to a second account.
    const other = await registerUser(ctx);
    const b2 = inWechat();
    const again = await authorizeInWechat(b2, { intent: 'bind', bearer: other.token, persona: 'xiaomei' });
    expect((await b2.status(again.state)).body.data).toMatchObject({ status: 'failed', message: '该微信已绑定其他账号' });
  });

  it('the fake speaks WeChat: only inside WeChat, the real error codes, codes bound to their app, no userinfo for snsapi_base', async () => {
    const start = await (await inWechat().fetch('/api/auth/wechat-oa/authorize', { method: 'POST', json: { intent: 'login' } })).json();
    const url = start.data.url.replace(/#wechat_redirect$/, '');
    const outside = await fetch(url);
    expect(await outside.text()).toContain('请在微信客户端打开链接');
    const cases: [string, string, string][] = [
      ['appid', SANDBOX_WECHAT_APP.appid, '10016'],
      ['scope', 'snsapi_login', '10005'],
      ['redirect_uri', 'http://evil.example/api/auth/wechat-callback', '10003'],
      ['state', '', '10013'],
    ];
    for (const [key, value, errcode] of cases) {
      const u = new URL(url);
      u.searchParams.set(key, value);
      const res = await fetch(u, { headers: { 'user-agent': WECHAT_UA } });
      expect(res.status, key).toBe(400);
      expect(await res.text(), key).toContain(errcode);
    }

    // A code of the official account: not exchangeable by the website app, single use, and a base token has no userinfo.
    const b = inWechat();
    const user = await registerUser(ctx);
    const base = await authorizeInWechat(b, { intent: 'base', bearer: user.token, persona: 'xiaolin' });
    const code = new URL(base.callback).searchParams.get('code');
    const exchange = (appid: string, secret: string) =>
      fetch(
        `${where.base}/api/sandbox/wechat/sns/oauth2/access_token?appid=${appid}&secret=${secret}&code=${code}&grant_type=authorization_code`,
      ).then((r) => r.json());
    expect((await exchange(SANDBOX_WECHAT_MP.appid, SANDBOX_WECHAT_MP.secret)).errcode).toBe(40163);
    const b3 = inWechat();
    const pending = await b3.fetch('/api/auth/wechat-oa/authorize', { method: 'POST', json: { intent: 'login' } });
    const p = (await pending.json()).data;
    const pageHtml = await (await b3.fetch(p.url.replace(/#wechat_redirect$/, ''))).text();
    const action = /<form method="post" action="([^"]+)"/.exec(pageHtml)?.[1] ?? '';
    const redirected = await b3.fetch(new URL(action, p.url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ persona: 'xiaolin', decision: 'allow' }).toString(),
    });
    const oaCode = new URL(redirected.headers.get('location') ?? '').searchParams.get('code');
    const webTry = await fetch(
      `${where.base}/api/sandbox/wechat/sns/oauth2/access_token?appid=${SANDBOX_WECHAT_APP.appid}&secret=${SANDBOX_WECHAT_APP.secret}&code=${oaCode}&grant_type=authorization_code`,
    ).then((r) => r.json());
    expect(webTry.errcode).toBe(40029);
    const wrongSecret = await fetch(
      `${where.base}/api/sandbox/wechat/sns/oauth2/access_token?appid=${SANDBOX_WECHAT_MP.appid}&secret=${SANDBOX_WECHAT_APP.secret}&code=${oaCode}&grant_type=authorization_code`,
    ).then((r) => r.json());
    expect(wrongSecret.errcode).toBe(40125);
  });

  it('an expired code and an expired state end as failed / expired on the returning page, never as a sign-in', async () => {
    const b = inWechat();
    const expired = await authorizeInWechat(b, { intent: 'login', persona: newPersona(), decision: 'expired-code' });
    expect((await b.status(expired.state)).body.data).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('错误码 40029'),
    });

    const late = inWechat();
    const start = await late.fetch('/api/auth/wechat-oa/authorize', { method: 'POST', json: { intent: 'login' } });
    const { data } = await start.json();
    ctx.advance(5 * 60_000 + 1000);
    const page = await late.fetch(data.url.replace(/#wechat_redirect$/, ''));
    const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const redirected = await late.fetch(new URL(action, data.url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ persona: 'xiaolin', decision: 'allow' }).toString(),
    });
    const back = await late.open(redirected.headers.get('location') ?? '');
    expect(back.location).toBe(`/login?wechat_oa=${data.state}`);
    expect((await late.status(data.state)).body.data).toMatchObject({ status: 'expired' });
  });

  it('forgets the payer openid when WeChat is unbound', async () => {
    const user = await registerUser(ctx);
    const b = inWechat();
    await authorizeInWechat(b, { intent: 'bind', bearer: user.token, persona: newPersona() });
    expect(await ctx.database.db.select().from(wechatOaOpenids).where(eq(wechatOaOpenids.userId, user.user.id))).toHaveLength(1);
    const unbind = await ctx.inject({ method: 'POST', url: '/api/auth/wechat-unbind', headers: bearer(user.token) });
    expect(unbind.statusCode, unbind.body).toBe(200);
    expect(await ctx.database.db.select().from(wechatOaOpenids).where(eq(wechatOaOpenids.userId, user.user.id))).toHaveLength(0);
  });
});

describe('without an official account (WECHAT_PROVIDER=wechat and no WECHAT_MP_APPID)', () => {
  const ctx = useTestApp('pglite', {
    env: { WECHAT_PROVIDER: 'wechat', WECHAT_APPID: 'wxrealmode00000001', WECHAT_SECRET: 'real-mode-secret' },
  });
  it('says one-tap sign-in inside WeChat is not available', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/wechat-oa/authorize', payload: { intent: 'login' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: '当前未开通微信内一键登录，请使用手机号登录' });
  });
});
