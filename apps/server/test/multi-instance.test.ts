import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { sandboxOpenPlatform } from '../src/modules/wechat/providers/sandbox-open-platform';
import { testConfig } from './support/app';
import { freshDatabase } from './support/databases';
import { testRedisUrl as redisUrl } from './support/redis';
import { usePayFakes } from './support/pay-fakes';
import { until } from './support/until';
import { confirmOnPhone } from './support/wechat-browser';

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * Two stateless instances on one PostgreSQL and one Redis, as behind nginx: whatever one instance starts, the other
 * can finish. Both talk to the same (fake) WeChat Open Platform and payment gateways, like production.
 */
describe.skipIf(!redisUrl || !pgUrl)('two instances on one PostgreSQL and Redis', () => {
  const fakes = usePayFakes();
  const wechat = { appid: 'wxmulti0000000001', secret: 'multi-instance-secret' };
  let openPlatform: FastifyInstance;
  let drop: () => Promise<void>;
  const instances: { app: FastifyInstance; database: Database; base: string }[] = [];
  const [A, B] = [0, 1];
  const url = (i: number, path: string) => `${instances[i]!.base}${path}`;
  const json = async (i: number, path: string, body?: object, headers: Record<string, string> = {}) => {
    const res = await fetch(url(i, path), {
      method: body ? 'POST' : 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  };

  beforeAll(async () => {
    openPlatform = Fastify();
    await openPlatform.register(sandboxOpenPlatform, { ...wechat, now: () => new Date(), registeredHost: '127.0.0.1' });
    await openPlatform.listen({ port: 0, host: '127.0.0.1' });
    const opBase = `http://127.0.0.1:${(openPlatform.server.address() as AddressInfo).port}`;

    const fresh = await freshDatabase('postgres');
    drop = fresh.drop;
    // Instance B listens where the gateways deliver notifications and where WeChat sends the browser back.
    const ports = [0, fakes.appPort];
    const callbackBase = `http://127.0.0.1:${fakes.appPort}`;
    for (const port of ports) {
      const database = await openDatabase({ databaseUrl: fresh.url!, dataDir: 'unused' });
      const env = {
        ...fakes.env,
        REDIS_URL: redisUrl!,
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        WECHAT_PROVIDER: 'wechat',
        WECHAT_APPID: wechat.appid,
        WECHAT_SECRET: wechat.secret,
        WECHAT_OPEN_BASE_URL: opBase,
        WECHAT_API_BASE_URL: opBase,
        WECHAT_CALLBACK_BASE_URL: callbackBase,
      };
      const app = await buildApp({ config: testConfig(env), database });
      await app.listen({ port, host: '127.0.0.1' });
      instances.push({ app, database, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
    }
  });
  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.database.close();
    }
    await openPlatform?.close();
    await drop?.();
  });

  const phone = `136${String(Date.now()).slice(-8)}`;
  let token = '';

  it('verifies on B an SMS code sent through A, and holds the resend cooldown across both', async () => {
    expect((await json(A, '/api/auth/send-sms-code', { phone, type: 'register' })).status).toBe(200);
    const again = await json(B, '/api/auth/send-sms-code', { phone, type: 'register' });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^请\d+秒后再试$/);
    const code = (await json(B, `/api/sandbox/sms?phone=${phone}`)).body.data.code;
    const reg = await json(B, '/api/auth/register', { name: '双实例', phone, code, password: 'secret123', confirmPassword: 'secret123' });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    token = reg.body.token;
    expect((await json(A, '/api/auth/me', undefined, { authorization: `Bearer ${token}` })).body.data.phone).toBe(phone);
  });

  it('shares request rate limits through Redis', async () => {
    const ip = `10.77.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await instances[i % 2]!.app.inject({ method: 'POST', url: '/api/support/contact', remoteAddress: ip, payload: {} });
      statuses.push(res.statusCode);
    }
    // /support/contact allows 10 an hour per IP: six requests split over two instances must all count.
    const more = [];
    for (let i = 0; i < 6; i++)
      more.push(
        (await instances[i % 2]!.app.inject({ method: 'POST', url: '/api/support/contact', remoteAddress: ip, payload: {} })).statusCode,
      );
    expect(statuses).not.toContain(429);
    expect(more.filter((s) => s === 429)).toHaveLength(2);
  });

  it('finishes on B a WeChat QR sign-in created on A', async () => {
    const created = await fetch(url(A, '/api/auth/wechat-qr-code'), { method: 'POST' });
    const qr = (await created.json()).data;
    const cookie = created.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const back = await confirmOnPhone(qr.qr_code_url, 'xiaolin');
    expect(back.startsWith(url(B, '/api/auth/wechat-callback'))).toBe(true);
    expect((await fetch(back)).status).toBe(200);
    const status = await json(B, `/api/auth/wechat-qr-status/${qr.qr_code_id}`, undefined, { cookie });
    expect(status.body.data.status).toBe('scanned');
    const login = await json(A, '/api/auth/unified-login', { login_type: 'wechat', code: status.body.data.code });
    expect(login.body).toMatchObject({ success: true });
  });

  it('settles on B, exactly once, a payment ordered on A', async () => {
    const order = await json(
      A,
      '/api/reward/wechat-pay',
      { amount: 5, payment_method: 'wechat', trade_type: 'NATIVE' },
      { authorization: `Bearer ${token}` },
    );
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const id = order.body.data.order_id;
    // The gateway calls instance B (PAY_NOTIFY_BASE_URL); B accepts it, and accepts the duplicate without a second credit.
    expect((await fakes.wechat.pay(id))?.delivered).toBe(true);
    expect((await fakes.wechat.notify(id)).delivered).toBe(true);
    const status = await json(A, `/api/reward/payment-status/${id}`, undefined, { authorization: `Bearer ${token}` });
    expect(status.body.data.status).toBe('paid');
    const mine = await json(B, '/api/reward/my-tips', undefined, { authorization: `Bearer ${token}` });
    expect(mine.body.data.records.filter((r: { id: string }) => r).length).toBe(1);
  });

  it('reads on B a chat streamed on A', async () => {
    const key = randomUUID();
    const auth = { authorization: `Bearer ${token}` };
    expect((await json(A, '/api/chat/chat-new', { type: 'general', query: '你好', key }, auth)).status).toBe(200);
    const stream = await fetch(url(A, '/api/chat/chat-streaming'), {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ type: 'general', query: '今天有点累', key }),
    });
    expect(await stream.text()).toContain('event: final');
    const detail = await json(B, `/api/cache/session-detail?session_id=${key}`, undefined, auth);
    const messages = detail.body.data.messages as { role: string; status: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]).toMatchObject({ status: 'done' });
    expect(messages[1]!.content.length).toBeGreaterThan(10);
  });

  // Each instance caches signed-in accounts in memory (ADR 009); PostgreSQL's NOTIFY tells the other one what changed.

  it('shows on B a profile change made on A, though B had the account cached', async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect((await json(B, '/api/auth/me', undefined, auth)).body.data.username).not.toBe('改过的名字');
    const put = await fetch(url(A, '/api/auth/update-profile'), {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ username: '改过的名字' }),
    });
    expect(put.status).toBe(200);
    const me = await until(
      () => json(B, '/api/auth/me', undefined, auth),
      (r) => r.body.data?.username === '改过的名字',
      2000,
    );
    expect(me.body.data.username).toBe('改过的名字');
  });

  it('refuses on B a token logged out on A, though B had the session cached', async () => {
    const login = await json(A, '/api/auth/login', { phone, password: 'secret123' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const auth = { authorization: `Bearer ${login.body.token}` };
    expect((await json(B, '/api/auth/me', undefined, auth)).status).toBe(200);
    expect((await json(A, '/api/auth/logout', {}, auth)).status).toBe(200);
    expect((await json(A, '/api/auth/me', undefined, auth)).status).toBe(401);
    const me = await until(
      () => json(B, '/api/auth/me', undefined, auth),
      (r) => r.status === 401,
      2000,
    );
    expect(me.status).toBe(401);
    expect((await json(B, '/api/auth/me', undefined, { authorization: `Bearer ${token}` })).status).toBe(200);
  });
});
