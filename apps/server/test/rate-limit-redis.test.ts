import { randomInt } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './support/app';
import { freshDatabase } from './support/databases';
import { testRedisUrl as redisUrl } from './support/redis';

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  const apps: FastifyInstance[] = [];
  const drops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const fresh = await freshDatabase('pglite');
      drops.push(fresh.drop);
      apps.push(
        await buildApp({ config: testConfig({ REDIS_URL: redisUrl!, RATE_LIMIT_AUTH_PER_MINUTE: '3' }), database: fresh.database }),
      );
    }
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const d of drops) await d();
  });

  it('counts requests from one IP across two instances', async () => {
    const ip = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(255)}`;
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await apps[i % 2]!.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phone: '13800138000', password: 'x' },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});

/**
 * Redis down must neither switch the limits off nor hold requests up. Two ways it goes: nothing listens (every
 * connection refused), or something accepts the connection and never answers (a hung Redis, a black-holed route).
 */
describe.each([
  ['refuses connections', async () => ({ url: 'redis://127.0.0.1:1', close: async () => {} })],
  [
    'accepts connections and never answers',
    async () => {
      const sockets = new Set<Socket>();
      const silent = createServer((s) => void sockets.add(s.on('close', () => sockets.delete(s))));
      await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
      const { port } = silent.address() as AddressInfo;
      return {
        url: `redis://127.0.0.1:${port}`,
        close: async () => {
          for (const s of sockets) s.destroy();
          await new Promise((r) => silent.close(r));
        },
      };
    },
  ],
] as const)('when Redis %s', (_name, redisThat) => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let closeRedis: () => Promise<void>;
  beforeAll(async () => {
    const redis = await redisThat();
    closeRedis = redis.close;
    const fresh = await freshDatabase('pglite');
    drop = fresh.drop;
    app = await buildApp({ config: testConfig({ REDIS_URL: redis.url, RATE_LIMIT_AUTH_PER_MINUTE: '3' }), database: fresh.database });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    await closeRedis?.();
  });

  it('answers every request and still refuses past the limit, counting in this instance', async () => {
    const login = (ip: string) =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '13800138000', password: 'whatever' }, remoteAddress: ip });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login('10.9.8.7')).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    const other = await login('10.9.8.6');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('用户未注册，请先注册');
  });
});
