import type { SessionDetail } from '@lingxi/shared';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverArgs } from '../server-build.mjs';
import { freshDatabase } from './support/databases';
import { startFakeOpenAi, type FakeOpenAi } from './support/fake-openai';
import { usePayFakes } from './support/pay-fakes';

const pgUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(__dirname, '../../..');

/**
 * SIGKILL — no shutdown hooks, no flushes — in the middle of a chat stream and of a payment notification, then a
 * restart on the same PostgreSQL: what was committed is still there and the order settles exactly once. The server
 * runs as one process (WEB_CONCURRENCY=1): what survives a kill is the database's business, not the cluster's, and
 * eight restarts of a primary with two workers cost a minute of CPU. The cluster's own drain and its workers going
 * down with a killed primary are server-cluster.test.ts's.
 */
describe.skipIf(!pgUrl)('crash recovery (SIGKILL and restart on PostgreSQL)', () => {
  const fakes = usePayFakes();
  let llm: FakeOpenAi;
  let dbUrl = '';
  let drop: () => Promise<void>;
  let server: ChildProcess | null = null;
  const base = () => `http://127.0.0.1:${fakes.appPort}`;

  async function start(extraEnv: Record<string, string> = {}) {
    server = spawn(process.execPath, serverArgs(), {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        ...fakes.env,
        NODE_ENV: 'test',
        PORT: String(fakes.appPort),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl,
        DATA_DIR: path.join(root, '.tmp', 'crash-test'),
        JWT_SECRET: 'crash-test-secret-crash-test-secret-0123456789',
        LOG_LEVEL: 'error',
        WEB_DIST: '/nonexistent',
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: llm.url,
        LLM_API_KEY: 'test-key',
        LLM_MODEL: 'fake-model',
        PAY_QUERY_MIN_INTERVAL_MS: '0',
        WEB_CONCURRENCY: '1',
        ...extraEnv,
      },
    });
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base()}/api/ready`)).ok) return;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not become ready');
  }
  async function kill() {
    const s = server!;
    const exited = new Promise((r) => s.once('exit', r));
    s.kill('SIGKILL');
    await exited;
    server = null;
  }
  const call = async <T = unknown>(p: string, token: string, body?: object) => {
    const res = await fetch(`${base()}${p}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as { data: T };
  };

  let token = '';
  beforeAll(async () => {
    // A 4-second reply: long enough to be cut or drained mid-way, short enough that a drain does not wait for long.
    llm = await startFakeOpenAi({ mode: 'slow', slowDelayMs: 50, slowChunks: 80 });
    const fresh = await freshDatabase('postgres');
    dbUrl = fresh.url!;
    drop = fresh.drop;
    await start();
    const phone = `135${String(Date.now()).slice(-8)}`;
    await fetch(`${base()}/api/auth/send-sms-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, type: 'register' }),
    });
    const code = (await (await fetch(`${base()}/api/sandbox/sms?phone=${phone}`)).json()).data.code;
    const reg = await fetch(`${base()}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '断电测试', phone, code, password: 'secret123', confirmPassword: 'secret123' }),
    });
    token = (await reg.json()).token;
  }, 60_000);
  afterAll(async () => {
    if (server) await kill();
    await llm?.close();
    await drop?.();
  });

  it('keeps the question and the reply saved so far when killed mid-stream', async () => {
    const key = randomUUID();
    await call('/api/chat/chat-new', token, { type: 'general', query: '讲个长故事', key });
    const stream = fetch(`${base()}/api/chat/chat-streaming`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'general', query: '讲个长故事', key }),
    })
      .then((r) => r.text())
      .catch(() => 'cut');
    let seen = '';
    for (let i = 0; i < 100 && seen.length < 20; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = (await call<SessionDetail>(`/api/cache/session-detail?session_id=${key}`, token)).data.messages[1]?.content ?? '';
    }
    expect(seen.length).toBeGreaterThanOrEqual(20);
    await kill();
    await stream;
    await start();
    const after = (await call<SessionDetail>(`/api/cache/session-detail?session_id=${key}`, token)).data.messages;
    expect(after[0]).toMatchObject({ role: 'user', content: '讲个长故事' });
    expect(after[1]?.content.startsWith(seen)).toBe(true);
    expect(['streaming', 'aborted']).toContain(after[1]?.status);
  }, 60_000);

  /** Starts a slow reply, waits until some of it is saved, then sends SIGTERM; resolves what the client received. */
  async function sigtermMidStream(key: string) {
    await call('/api/chat/chat-new', token, { type: 'general', query: '慢慢讲', key });
    const stream = fetch(`${base()}/api/chat/chat-streaming`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'general', query: '慢慢讲', key }),
    }).then((r) => r.text());
    let seen = '';
    for (let i = 0; i < 100 && seen.length < 10; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = (await call<SessionDetail>(`/api/cache/session-detail?session_id=${key}`, token)).data.messages[1]?.content ?? '';
    }
    const s = server!;
    const exited = new Promise<number | null>((r) => s.once('exit', (code) => r(code)));
    s.kill('SIGTERM');
    return { stream, exited, seen };
  }

  it('drains on SIGTERM: new requests get 503, the live reply finishes, and the process exits 0', async () => {
    const key = randomUUID();
    const { stream, exited } = await sigtermMidStream(key);
    await new Promise((r) => setTimeout(r, 200));
    const meanwhile = await fetch(`${base()}/api/service-types`).catch(() => null);
    // Refused while draining (or, if the listener is already closed, not accepted at all).
    expect(meanwhile === null || meanwhile.status === 503).toBe(true);
    const body = await stream;
    expect(body).toContain('event: final');
    expect(await exited).toBe(0);
    server = null;
    await start();
    const after = (await call<SessionDetail>(`/api/cache/session-detail?session_id=${key}`, token)).data.messages;
    expect(after[1]?.status).toBe('done');
  }, 60_000);

  it('stops a reply still running when the grace period ends: saved as aborted, and the process exits 0', async () => {
    await kill();
    await start({ SHUTDOWN_GRACE_MS: '300' });
    const key = randomUUID();
    const { stream, exited, seen } = await sigtermMidStream(key);
    // The client sees its stream finish rather than being cut, and the process leaves on its own.
    await stream;
    expect(await exited).toBe(0);
    server = null;
    await start();
    const after = (await call<SessionDetail>(`/api/cache/session-detail?session_id=${key}`, token)).data.messages;
    expect(after[1]?.status).toBe('aborted');
    expect(after[1]?.content.startsWith(seen)).toBe(true);
  }, 60_000);

  it.each([0, 3, 15])(
    'settles a paid order exactly once when killed %i ms into its notification',
    async (delayMs) => {
      const order = (
        await call<{ order_id: string }>('/api/reward/wechat-pay', token, { amount: 5, payment_method: 'wechat', trade_type: 'NATIVE' })
      ).data;
      const delivery = fakes.wechat.pay(order.order_id).catch(() => null);
      await new Promise((r) => setTimeout(r, delayMs));
      await kill();
      await delivery;
      await start();
      // The callback may or may not have been committed before the kill; a status poll asks the gateway and repairs it.
      let status = '';
      for (let i = 0; i < 50 && status !== 'paid'; i++) {
        status = (await call<{ status: string }>(`/api/reward/payment-status/${order.order_id}`, token)).data.status;
        if (status !== 'paid') await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe('paid');
      await fakes.wechat.notify(order.order_id);
      const forThisOrder = await countTips(order.order_id);
      expect(forThisOrder).toBe(1);
    },
    60_000,
  );

  async function countTips(orderId: string) {
    const { default: postgres } = await import('postgres');
    const sql = postgres(dbUrl, { max: 1 });
    const [row] = await sql`select count(*)::int as n from tips where order_id = ${orderId}`;
    await sql.end();
    return row!.n as number;
  }
});
