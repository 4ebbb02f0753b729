import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { testConfig, useTestApp, type TestContext } from './support/app';
import { dbTargets, freshDatabase } from './support/databases';
import { registerUser } from './support/users';

const LOCKED = (minutes: number) => `密码错误次数过多，请${minutes}分钟后再试，或使用验证码登录`;

describe.each(dbTargets)('password sign-in backoff per account on %s', (target) => {
  const ctx = useTestApp(target);
  // A different address per request: the per-IP limit must not be what stops the guessing here.
  const login = (phone: string, password: string) =>
    ctx.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone, password },
      remoteAddress: `198.51.${randomInt(255)}.${randomInt(255)}`,
    });

  it('after 5 wrong passwords in a row refuses even the right one, saying how long to wait', async () => {
    const { phone, password } = await registerUser(ctx);
    for (let i = 0; i < 5; i++) {
      const res = await login(phone, `wrong-${i}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('密码错误');
    }
    const locked = await login(phone, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(LOCKED(1));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    ctx.advance(61_000);
    expect((await login(phone, password)).statusCode).toBe(200);
    // Success cleared the count: four more wrong ones do not lock.
    for (let i = 0; i < 4; i++) expect((await login(phone, `again-${i}`)).statusCode).toBe(401);
    expect((await login(phone, password)).statusCode).toBe(200);
  });

  it('doubles the wait with every further failure', async () => {
    const { phone, password } = await registerUser(ctx);
    for (let i = 0; i < 5; i++) await login(phone, `wrong-${i}`);
    ctx.advance(61_000);
    expect((await login(phone, 'wrong-again')).statusCode).toBe(401);
    expect((await login(phone, password)).json().message).toBe(LOCKED(2));
    ctx.advance(121_000);
    expect((await login(phone, 'and-again')).statusCode).toBe(401);
    expect((await login(phone, password)).json().message).toBe(LOCKED(4));
  });

  it('compares at most 5 of 50 concurrent guesses', async () => {
    const { phone, password } = await registerUser(ctx);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(phone, `burst-${i}`)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    expect((await login(phone, password)).statusCode).toBe(429);
  });
});

describe.skipIf(!dbTargets.includes('postgres'))('password backoff across two instances on PostgreSQL', () => {
  it('counts the guesses made on either instance against the same account', async () => {
    const fresh = await freshDatabase('postgres');
    const second = await openDatabase({ databaseUrl: fresh.url, dataDir: 'unused' });
    const a = await buildApp({ config: testConfig(), database: fresh.database });
    const b = await buildApp({ config: testConfig(), database: second });
    try {
      const onA: TestContext = { app: a, database: fresh.database, advance: () => {}, now: () => new Date(), inject: (o) => a.inject(o) };
      const { phone, password } = await registerUser(onA);
      const login = (app: typeof a, pw: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, password: pw } });
      for (const app of [a, b, a, b, a]) expect((await login(app, 'wrong')).statusCode).toBe(401);
      const onB = await login(b, password);
      expect(onB.statusCode).toBe(429);
      expect(onB.json().message).toBe(LOCKED(1));
    } finally {
      await a.close();
      await b.close();
      await second.close();
      await fresh.drop();
    }
  });
});
