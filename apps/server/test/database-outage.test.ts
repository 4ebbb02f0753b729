import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { testConfig } from './support/app';
import { freshDatabase } from './support/databases';
import { until } from './support/until';
import type { FastifyInstance } from 'fastify';

const pgUrl = process.env.TEST_DATABASE_URL;

/** A TCP hop in front of PostgreSQL that the test can cut and restore, as a network partition or a restart would. */
function databaseLink(target: URL) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  let port = 0;
  const up = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  return { up, down, url: () => Object.assign(new URL(target.toString()), { port: String(port), hostname: '127.0.0.1' }).toString() };
}

describe.skipIf(!pgUrl)('when the database goes away', () => {
  let app: FastifyInstance;
  let database: Database;
  let drop: () => Promise<void>;
  let link: ReturnType<typeof databaseLink>;
  let directUrl: string;

  beforeAll(async () => {
    const fresh = await freshDatabase('postgres');
    drop = fresh.drop;
    directUrl = fresh.url!;
    await fresh.database.close();
    link = databaseLink(new URL(fresh.url!));
    await link.up();
    database = await openDatabase({ databaseUrl: link.url(), dataDir: 'unused' });
    app = await buildApp({ config: testConfig(), database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await drop?.();
  });

  it('answers 503 with a clear Chinese message, then recovers by itself when it returns', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/service-types' })).statusCode).toBe(200);
    await link.down();
    for (const url of ['/api/service-types', '/api/ready']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toMatch(/暂时不可用/);
    }
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '13800138000', password: 'whatever' } });
    expect(login.statusCode).toBe(503);
    await link.up();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await app.inject({ method: 'GET', url: '/api/service-types' })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  }, 60_000);

  // The account cache (ADR 009) learns of changes by NOTIFY; whatever was announced while this instance's link was cut
  // never reaches it, so it must forget everything when its LISTEN connection comes back.
  it('forgets cached sessions when its link returns, so a logout written elsewhere meanwhile holds', async () => {
    const phone = `135${String(Date.now()).slice(-8)}`;
    await app.inject({ method: 'POST', url: '/api/auth/send-sms-code', payload: { phone, type: 'register' } });
    const code = (await app.inject({ method: 'GET', url: `/api/sandbox/sms?phone=${phone}` })).json().data.code;
    const reg = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: '断线用户', phone, code, password: 'secret123', confirmPassword: 'secret123' },
    });
    const auth = { authorization: `Bearer ${reg.json().token}` };
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(200);

    await link.down();
    const elsewhere = await openDatabase({ databaseUrl: directUrl, dataDir: 'unused' });
    try {
      await elsewhere.db.execute(sql`update auth_sessions set revoked_at = now() where user_id = ${reg.json().user_info.id}`);
    } finally {
      await elsewhere.close();
    }
    await link.up();
    const status = await until(
      async () => (await app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode,
      (s) => s === 401,
      10_000,
    );
    expect(status).toBe(401);
  }, 60_000);
});
