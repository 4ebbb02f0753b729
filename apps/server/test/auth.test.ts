import { describe, expect, it } from 'vitest';
import { ADMIN_PHONE, useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, latestCode, newPhone, registerUser, sendCode } from './support/users';

describe.each(dbTargets)('accounts on %s', (target) => {
  const ctx = useTestApp(target);
  const post = (url: string, payload: unknown, headers = {}) => ctx.inject({ method: 'POST', url, payload: payload as object, headers });

  it('registers with an SMS code and answers with token and user_info', async () => {
    const { token, user, phone } = await registerUser(ctx, { name: '小明' });
    expect(token).toMatch(/^ey/);
    expect(user).toMatchObject({ phone, name: '小明', username: '小明', is_admin: false, binding_status: { has_wechat: false } });
    const me = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ success: true, data: { phone, username: '小明' } });
  });

  it('rejects every register field with the spec message', async () => {
    const phone = newPhone();
    const base = { name: '小明', phone, code: '123456', password: 'secret123', confirmPassword: 'secret123' };
    const cases: [object, string][] = [
      [{ ...base, name: '' }, '请输入用户名'],
      [{ ...base, name: '明' }, '用户名至少2位'],
      [{ ...base, phone: '' }, '请输入手机号'],
      [{ ...base, phone: '12345678901' }, '请输入正确的手机号'],
      [{ ...base, code: '12ab56' }, '验证码为6位数字'],
      [{ ...base, password: '123' }, '密码至少6位'],
      [{ ...base, confirmPassword: '' }, '请确认密码'],
      [{ ...base, confirmPassword: 'other123' }, '两次密码不一致'],
      [{ ...base, referrer_id: '1234' }, '推荐人手机号格式不正确'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/auth/register', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });

  it('refuses a second account on the same phone and a wrong code', async () => {
    const { phone } = await registerUser(ctx);
    const again = await post('/api/auth/send-sms-code', { phone, type: 'register' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('该手机号已注册，请直接登录');

    const other = newPhone();
    await sendCode(ctx, other, 'register');
    const wrong = await post('/api/auth/register', {
      name: '小红',
      phone: other,
      code: '000000',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^验证码错误/);
  });

  it('binds a referrer at registration only when the referrer exists and is not yourself', async () => {
    const referrer = await registerUser(ctx);
    const ghost = await post('/api/auth/register', {
      name: '小李',
      phone: newPhone(),
      code: '123456',
      password: 'secret123',
      confirmPassword: 'secret123',
      referrer_id: '13000000000',
    });
    expect(ghost.json().message).toBe('推荐人不存在，请检查推荐人手机号');
    const invited = await registerUser(ctx, { referrer_id: referrer.phone });
    expect(invited.user.referrer_id).toBe(referrer.phone);
  });

  it('logs in by password through unified-login and /auth/login, with the spec failure messages', async () => {
    const { phone, password } = await registerUser(ctx);
    for (const [url, body] of [
      ['/api/auth/unified-login', { login_type: 'phone', phone, password }],
      ['/api/auth/login', { phone, password }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: '登录成功', user_info: { phone } });
    }
    const wrong = await post('/api/auth/unified-login', { login_type: 'phone', phone, password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('密码错误');
    const unknown = await post('/api/auth/unified-login', { login_type: 'phone', phone: newPhone(), password: 'whatever' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('用户未注册，请先注册');
    const empty = await post('/api/auth/unified-login', { login_type: 'phone', phone, password: '' });
    expect(empty.json().message).toBe('请输入密码');
    const badType = await post('/api/auth/unified-login', { login_type: 'qq', phone, password: 'x' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe('登录方式不正确');
  });

  it('logs in by SMS code once; the code cannot be reused', async () => {
    const { phone } = await registerUser(ctx);
    const code = await sendCode(ctx, phone, 'login');
    const res = await post('/api/auth/unified-login', { login_type: 'code', phone, code });
    expect(res.statusCode, res.body).toBe(200);
    const reuse = await post('/api/auth/unified-login', { login_type: 'code', phone, code });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('验证码已过期或不存在，请重新获取');
    const badFormat = await post('/api/auth/unified-login', { login_type: 'code', phone, code: '12345' });
    expect(badFormat.json().message).toBe('验证码格式不正确');
    const missing = await post('/api/auth/unified-login', { login_type: 'code', phone });
    expect(missing.json().message).toBe('请输入验证码');
  });

  it('refuses a login or account-deletion code for an unregistered phone before sending an SMS', async () => {
    const phone = newPhone();
    const res = await post('/api/auth/send-sms-code', { phone, type: 'login' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('用户未注册，请先注册');
    expect((await post('/api/auth/send-sms-code', { phone, type: 'delete' })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: `/api/sandbox/sms?phone=${phone}` })).statusCode).toBe(404);
  });

  it('logout revokes the token on the server', async () => {
    const { token } = await registerUser(ctx);
    expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(200);
    const me = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ success: false, message: '未登录或登录已过期，请重新登录' });
  });

  it('answers 401 for a missing, forged or tampered token', async () => {
    const { token } = await registerUser(ctx);
    for (const headers of [{}, bearer('not-a-jwt'), bearer(token.slice(0, -2) + 'xx'), { authorization: 'Basic abc' }]) {
      const res = await ctx.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
    }
  });

  it('expires sessions after their lifetime', async () => {
    const { token } = await registerUser(ctx);
    ctx.advance(31 * 86400_000);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('updates the username with validation', async () => {
    const { token } = await registerUser(ctx);
    const short = await ctx.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: bearer(token), payload: { username: 'a' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('用户名至少2个字符');
    const res = await ctx.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(token),
      payload: { username: '新名字' },
    });
    expect(res.json()).toMatchObject({ success: true, message: '用户名已更新', data: { username: '新名字' } });
    expect((await ctx.inject({ method: 'PUT', url: '/api/auth/update-profile', payload: { username: '新名字' } })).statusCode).toBe(401);
  });

  it('tells the client who is an admin (ADMIN_PHONES)', async () => {
    const admin = await registerUser(ctx, { phone: ADMIN_PHONE });
    expect(admin.user.is_admin).toBe(true);
  });

  it('verify-phone reports whether a number is registered', async () => {
    const { phone } = await registerUser(ctx);
    expect((await post('/api/auth/verify-phone', { phone })).json().data).toEqual({ phone, registered: true });
    expect((await post('/api/auth/verify-phone', { phone: '1391' })).json().message).toBe('请输入正确的手机号');
  });

  it('bind-phone rejects an account that already has a phone and an anonymous caller', async () => {
    const { token, phone } = await registerUser(ctx);
    const code = await sendCode(ctx, newPhone(), 'bind');
    const res = await post('/api/auth/bind-phone', { phone: newPhone(), password: '', code, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('当前账号已绑定手机号');
    const anon = await post('/api/auth/bind-phone', { phone, password: '', code });
    expect(anon.statusCode).toBe(401);
  });

  it('records consent with the policy version when given', async () => {
    const phone = newPhone();
    await ctx.inject({
      method: 'POST',
      url: '/api/auth/send-sms-code',
      payload: { phone, type: 'register', policy_version: '2026-11-01' },
    });
    const rows = await ctx.database.db.query.consentRecords.findMany({ where: (c, { eq }) => eq(c.phone, phone) });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ scene: 'send-sms-code:register', policyVersion: '2026-11-01' });
  });

  it('stores argon2id hashes, never the password', async () => {
    const { phone } = await registerUser(ctx, { password: 'plain-pass-1' });
    const row = await ctx.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.phone, phone) });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('plain-pass-1');
    await latestCode(ctx, phone);
  });
});
