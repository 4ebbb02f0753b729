import { SMS_MAX_ATTEMPTS } from '@lingxi/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsCodes } from '../src/db/schema';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, newPhone, registerUser, sendCode } from './support/users';
import { FakeBrowser, confirmOnPhone, newPersona, useListening } from './support/wechat-browser';

const CONCURRENT = 200;
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe.each(dbTargets)('SMS code tries under concurrent guessing on %s', (target) => {
  const ctx = useTestApp(target, { env: { SMS_IP_HOURLY_LIMIT: '1000' } });
  const where = useListening(ctx);

  const attemptsOn = async (phone: string, purpose: string) => {
    const rows = await ctx.database.db
      .select({ attempts: smsCodes.attempts })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)));
    return rows.map((r) => r.attempts);
  };

  /** A phoneless account, as WeChat sign-in creates, holding a token for bind-phone. */
  async function wechatAccountToken() {
    const b = new FakeBrowser(() => where.base);
    const qr = await b.createQr();
    await new FakeBrowser(() => where.base).open(await confirmOnPhone(qr.data.qr_code_url, newPersona()));
    const { body } = await b.status(qr.qr_code_id);
    const res = await b.fetch('/api/auth/unified-login', { method: 'POST', json: { login_type: 'wechat', code: body.code } });
    return ((await res.json()) as { token: string }).token;
  }

  /** Each use of a code: how to get one sent, and one guess at it. */
  const uses = {
    register: async () => {
      const phone = newPhone();
      const code = await sendCode(ctx, phone, 'register');
      const guess = (c: string) =>
        ctx.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: '测试', phone, code: c, password: 'secret123', confirmPassword: 'secret123' },
        });
      return { phone, code, guess };
    },
    login: async () => {
      const { phone } = await registerUser(ctx);
      const code = await sendCode(ctx, phone, 'login');
      const guess = (c: string) =>
        ctx.inject({ method: 'POST', url: '/api/auth/unified-login', payload: { login_type: 'code', phone, code: c } });
      return { phone, code, guess };
    },
    delete: async () => {
      const { phone, token } = await registerUser(ctx);
      const code = await sendCode(ctx, phone, 'delete');
      const guess = (c: string) => ctx.inject({ method: 'POST', url: '/api/account/delete', payload: { code: c }, headers: bearer(token) });
      return { phone, code, guess };
    },
    bind: async () => {
      const token = await wechatAccountToken();
      const phone = newPhone();
      const code = await sendCode(ctx, phone, 'bind');
      const guess = (c: string) =>
        ctx.inject({ method: 'POST', url: '/api/auth/bind-phone', payload: { phone, code: c, password: '', token } });
      return { phone, code, guess };
    },
  };

  it.each(Object.keys(uses) as (keyof typeof uses)[])(
    `${CONCURRENT} concurrent wrong guesses (%s) use exactly ${SMS_MAX_ATTEMPTS} tries, and the right code is refused after`,
    async (purpose) => {
      const { phone, code, guess } = await uses[purpose]();
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => guess(wrongFor(code))));
      expect(answers.every((a) => a.statusCode === 400)).toBe(true);
      const messages = answers.map((a) => a.json().message as string);
      // Each of the first four compared guesses says how many remain, once each; every other one is refused as locked.
      expect(messages.filter((m) => m.startsWith('验证码错误，还可尝试')).sort()).toEqual(
        [1, 2, 3, 4].map((n) => `验证码错误，还可尝试${n}次`),
      );
      expect(messages.filter((m) => m === '验证码错误次数过多，请重新获取')).toHaveLength(CONCURRENT - 4);
      expect(await attemptsOn(phone, purpose)).toEqual([SMS_MAX_ATTEMPTS]);

      const right = await guess(code);
      expect(right.statusCode).toBe(400);
      expect(right.json().message).toBe('验证码错误次数过多，请重新获取');
    },
  );

  it('lets the right code through only as one of the first tries when it races a flood of wrong ones', async () => {
    const { phone, code, guess } = await uses.register();
    const codes = Array.from({ length: 60 }, (_, i) => (i === 59 ? code : wrongFor(code)));
    const answers = await Promise.all(codes.map((c) => guess(c)));
    const registered = answers.filter((a) => a.statusCode === 200).length;
    const wrongCompared = answers.filter((a) => (a.json().message as string).startsWith('验证码错误，还可尝试')).length;
    const tries = (await attemptsOn(phone, 'register'))[0] ?? 0;
    expect(tries).toBeLessThanOrEqual(SMS_MAX_ATTEMPTS);
    // Everything compared (wrong or right) took one of the tries.
    expect(wrongCompared + registered).toBeLessThanOrEqual(tries);
    expect(registered).toBeLessThanOrEqual(1);
  });
});
