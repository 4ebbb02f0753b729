import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { latestCode, newPhone, registerUser } from './support/users';

describe.each(dbTargets)('SMS codes on %s', (target) => {
  const ctx = useTestApp(target, { env: { SMS_IP_HOURLY_LIMIT: '1000' } });
  const send = (phone: string, type = 'register', remoteAddress?: string) =>
    ctx.inject({ method: 'POST', url: '/api/auth/send-sms-code', payload: { phone, type }, remoteAddress });
  const register = (phone: string, code: string) =>
    ctx.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: '测试', phone, code, password: 'secret123', confirmPassword: 'secret123' },
    });

  it('sends a 6-digit code and says how long until the next one', async () => {
    const phone = newPhone();
    const res = await send(phone);
    expect(res.json()).toMatchObject({ success: true, message: '验证码已发送', data: { cooldown_seconds: 60, expires_in: 300 } });
    expect(await latestCode(ctx, phone)).toMatch(/^\d{6}$/);
  });

  it('enforces the 60 s resend cooldown and reports the seconds left', async () => {
    const phone = newPhone();
    await send(phone);
    ctx.advance(15_000);
    const res = await send(phone);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, message: '请45秒后再试', data: { cooldown_seconds: 45 } });
    expect(res.headers['retry-after']).toBe('45');
    ctx.advance(46_000);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('allows at most 10 codes a day per phone', async () => {
    const phone = newPhone();
    for (let i = 0; i < 10; i++) {
      expect((await send(phone)).statusCode).toBe(200);
      ctx.advance(61_000);
    }
    const res = await send(phone);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
  });

  it('expires a code after 5 minutes', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await latestCode(ctx, phone);
    ctx.advance(301_000);
    const res = await register(phone, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('验证码已过期或不存在，请重新获取');
  });

  it('locks a code after 5 wrong tries, even if the right one comes next', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await latestCode(ctx, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await register(phone, wrong)).json().message);
    expect(messages).toEqual([
      '验证码错误，还可尝试4次',
      '验证码错误，还可尝试3次',
      '验证码错误，还可尝试2次',
      '验证码错误，还可尝试1次',
      '验证码错误次数过多，请重新获取',
    ]);
    const right = await register(phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('验证码错误次数过多，请重新获取');
  });

  it('a new code retires the previous one', async () => {
    const phone = newPhone();
    await send(phone);
    const first = await latestCode(ctx, phone);
    ctx.advance(61_000);
    await send(phone);
    const second = await latestCode(ctx, phone);
    if (first !== second) expect((await register(phone, first)).statusCode).toBe(400);
    expect((await register(phone, second)).statusCode).toBe(200);
  });

  it('a code is bound to its purpose', async () => {
    const { phone } = await registerUser(ctx);
    ctx.advance(61_000);
    await ctx.inject({ method: 'POST', url: '/api/auth/send-sms-code', payload: { phone, type: 'bind' } });
    const code = await latestCode(ctx, phone);
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/unified-login', payload: { login_type: 'code', phone, code } });
    expect(res.statusCode).toBe(400);
  });

  it('stores only a hash of the code', async () => {
    const phone = newPhone();
    await send(phone);
    const code = await latestCode(ctx, phone);
    const rows = await ctx.database.db.query.smsCodes.findMany({ where: (c, { eq }) => eq(c.phone, phone) });
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.codeHash).not.toContain(code);
  });

  it('rejects bad phones and purposes with Chinese messages', async () => {
    expect((await send('')).json().message).toBe('请输入手机号');
    expect((await send('23800138000')).json().message).toBe('请输入正确的手机号');
    const bad = await send(newPhone(), 'spam');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('验证码类型不正确');
  });
});

describe.each(dbTargets)('SMS per-IP cap on %s', (target) => {
  const ctx = useTestApp(target, { env: { SMS_IP_HOURLY_LIMIT: '3' } });
  it('caps codes per IP per hour across phones', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/auth/send-sms-code',
        payload: { phone: newPhone(), type: 'register' },
        remoteAddress: '10.1.2.3',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe('验证码发送过于频繁，请稍后再试');
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe.each(dbTargets)('SMS resend window set by SMS_RESEND_SECONDS on %s', (target) => {
  // The browser tests run with a short window so they need not wait out the spec's minute; the 60 s default is
  // checked above with the app's clock moved forward.
  const ctx = useTestApp(target, { env: { SMS_RESEND_SECONDS: '5' } });
  const send = (phone: string) => ctx.inject({ method: 'POST', url: '/api/auth/send-sms-code', payload: { phone, type: 'register' } });

  it('announces, enforces and then lifts the configured window', async () => {
    const phone = newPhone();
    expect((await send(phone)).json()).toMatchObject({ success: true, data: { cooldown_seconds: 5 } });
    ctx.advance(2_000);
    const early = await send(phone);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ message: '请3秒后再试', data: { cooldown_seconds: 3 } });
    ctx.advance(3_000);
    expect((await send(phone)).statusCode).toBe(200);
  });
});
