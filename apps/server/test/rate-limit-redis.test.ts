import { randomInt } from 'node:crypto';
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

describe('when Redis is unreachable', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase('pglite');
    drop = fresh.drop;
    // Nothing listens on port 1: every Redis command fails at once.
    app = await buildApp({
      config: testConfig({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_AUTH_PER_MINUTE: '3' }),
      database: fresh.database,
    });
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await drop?.();
  });

  it('still lets people sign in (limits lapse instead of failing the request)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: '13800138000', password: 'whatever' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('用户未注册，请先注册');
  });
});
