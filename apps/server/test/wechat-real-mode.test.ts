import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_WECHAT_APP } from '../src/modules/wechat/config';
import { sandboxOpenPlatform } from '../src/modules/wechat/providers/sandbox-open-platform';
import { SANDBOX_PERSONAS, openidFor } from '../src/modules/wechat/providers/sandbox-personas';
import { useTestApp } from './support/app';
import { FakeBrowser, confirmOnPhone, useListening } from './support/wechat-browser';

/**
 * WECHAT_PROVIDER=wechat with the base URLs pointed at a fake running on its own port: the same sign-in code path as
 * production, only the URLs and keys differ (no sandbox branch to hide behind).
 */
describe('WeChat sign-in in real mode against a separately hosted Open Platform', () => {
  const creds = { appid: 'wxrealmode00000001', secret: 'real-mode-secret' };
  let fake: FastifyInstance;
  let fakeBase = '';
  beforeAll(async () => {
    fake = Fastify();
    await fake.register(sandboxOpenPlatform, { ...creds, now: () => new Date(), registeredHost: '127.0.0.1' });
    await fake.listen({ port: 0, host: '127.0.0.1' });
    fakeBase = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    Object.assign(env, { WECHAT_OPEN_BASE_URL: fakeBase, WECHAT_API_BASE_URL: fakeBase });
  });
  afterAll(() => fake.close());

  const env: Record<string, string> = { WECHAT_PROVIDER: 'wechat', WECHAT_APPID: creds.appid, WECHAT_SECRET: creds.secret };
  const ctx = useTestApp('pglite', { env });
  const where = useListening(ctx);

  it('points the QR at the configured Open Platform, offers wxLogin.js and signs in through it', async () => {
    const b = new FakeBrowser(() => where.base);
    const qr = await b.createQr();
    expect(qr.data.qr_code_url.startsWith(`${fakeBase}/connect/qrconnect?appid=${creds.appid}&`)).toBe(true);
    expect(qr.data).toMatchObject({ login_js_url: 'https://res.wx.qq.com/connect/zh_CN/htmledition/js/wxLogin.js' });
    await new FakeBrowser(() => where.base).open(await confirmOnPhone(qr.data.qr_code_url, 'xiaolin'));
    const { body } = await b.status(qr.qr_code_id);
    const login = await (
      await b.fetch('/api/auth/unified-login', { method: 'POST', json: { login_type: 'wechat', code: body.code } })
    ).json();
    expect(login).toMatchObject({ success: true, need_bind_phone: true, user_info: { wechat_nickname: '微信用户·小林' } });
    // Same person, other appid: a different openid, the same unionid.
    expect(login.user_info.unionid).toBe('oSbxU_xiaolin_0000000000001');
    const xiaolin = SANDBOX_PERSONAS[0]!;
    expect(login.user_info.openid).toBe(openidFor(creds.appid, xiaolin));
    expect(login.user_info.openid).not.toBe(openidFor(SANDBOX_WECHAT_APP.appid, xiaolin));
  });

  it('does not mount the sandbox Open Platform', async () => {
    expect((await fetch(`${where.base}/api/sandbox/wechat/connect/qrconnect`)).status).toBe(404);
  });
});
