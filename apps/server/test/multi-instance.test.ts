import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOpenPlatform } from '../src/modules/wechat/providers/sandbox-open-platform';
import { freshDatabase } from './support/databases';
import { testRedisUrl as redisUrl } from './support/redis';
import { usePayFakes } from './support/pay-fakes';
import { startServer, type ServerProcess } from './support/server-process';
import { until } from './support/until';
import { confirmOnPhone } from './support/wechat-browser';

const pgUrl = process.env.TEST_DATABASE_URL;
const WORKERS = 2;

/** The Node worker processes of a server's primary (read from /proc). */
const workersOf = (pid: number) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return (
          stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(pid) && readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'node'
        );
      } catch {
        return false;
      }
    });

/**
 * Two instances on one PostgreSQL and one Redis, as behind nginx, each the real server process running WORKERS worker
 * processes (`npm start` on PostgreSQL): whatever one process starts, any other can finish. Both talk to the same
 * (fake) WeChat Open Platform and payment gateways, like production.
 */
describe.skipIf(!redisUrl || !pgUrl)(`two instances of ${WORKERS} workers each on one PostgreSQL and Redis`, () => {
  const fakes = usePayFakes();
  const wechat = { appid: 'wxmulti0000000001', secret: 'multi-instance-secret' };
  let openPlatform: FastifyInstance;
  let drop: () => Promise<void>;
  const instances: ServerProcess[] = [];
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
    const callbackBase = `http://127.0.0.1:${fakes.appPort}`;
    for (const port of [undefined, fakes.appPort]) {
      const env = {
        ...fakes.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        JWT_SECRET: 'multi-instance-secret-multi-instance-secret-0123',
        DATABASE_URL: fresh.url!,
        WEB_CONCURRENCY: String(WORKERS),
        REDIS_URL: redisUrl!,
        // As behind the shipped nginx: the proxy's X-Forwarded-For names the client.
        TRUST_PROXY: 'true',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        WECHAT_PROVIDER: 'wechat',
        WECHAT_APPID: wechat.appid,
        WECHAT_SECRET: wechat.secret,
        WECHAT_OPEN_BASE_URL: opBase,
        WECHAT_API_BASE_URL: opBase,
        WECHAT_CALLBACK_BASE_URL: callbackBase,
      };
      const server = await startServer(env, { port });
      instances.push(server);
      expect(await server.ready()).toBe('ready');
    }
  }, 120_000);
  afterAll(async () => {
    for (const i of instances) {
      i.child.kill('SIGTERM');
      await i.exited;
    }
    await openPlatform?.close();
    await drop?.();
  });

  it(`runs each instance as ${WORKERS} worker processes`, () => {
    for (const i of instances) expect(workersOf(i.child.pid!)).toHaveLength(WORKERS);
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

  it('shares request rate limits through Redis, across instances and their workers', async () => {
    const ip = `10.77.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`;
    // A new connection per request: the primaries deal connections to their workers in turn.
    const contact = async (i: number) =>
      (
        await fetch(url(i, '/api/support/contact'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, connection: 'close' },
          body: '{}',
        })
      ).status;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await contact(i % 2));
    // /support/contact allows 10 an hour per IP: six requests split over two instances must all count.
    const more: number[] = [];
    for (let i = 0; i < 6; i++) more.push(await contact(i % 2));
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
    // On new connections, so each of B's workers has the account cached.
    for (let k = 0; k < 2 * WORKERS; k++) {
      expect((await json(B, '/api/auth/me', undefined, { ...auth, connection: 'close' })).body.data.username).not.toBe('改过的名字');
    }
    const put = await fetch(url(A, '/api/auth/update-profile'), {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ username: '改过的名字' }),
    });
    expect(put.status).toBe(200);
    const me = await until(
      async () => {
        // Every worker of B must have dropped its cached copy: ask each (new connections are dealt in turn).
        const seen = await Promise.all(
          Array.from({ length: 2 * WORKERS }, () => json(B, '/api/auth/me', undefined, { ...auth, connection: 'close' })),
        );
        return { body: { data: { username: seen.every((r) => r.body.data?.username === '改过的名字') ? '改过的名字' : 'stale' } } };
      },
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
