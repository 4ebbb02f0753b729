import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, newPhone, registerUser, sendCode } from './support/users';

describe.each(dbTargets)('referrer programme on %s', (target) => {
  const ctx = useTestApp(target);
  const bind = (token: string, referrer: string) =>
    ctx.inject({ method: 'POST', url: `/api/referrer/bind-referrer?referrer_id=${referrer}`, headers: bearer(token) });
  const get = (url: string, token?: string) => ctx.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('binds an existing referrer once and shows it in my-referrer, /auth/me and the referrer’s my-referrals', async () => {
    const a = await registerUser(ctx, { name: '张三丰' });
    const b = await registerUser(ctx, { name: '李四' });
    const res = await bind(b.token, a.phone);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: '推荐人绑定成功',
      data: { referrer_id: a.phone, username: '张**', name: '张**', phone: `${a.phone.slice(0, 3)}****${a.phone.slice(-4)}` },
    });
    expect((await get('/api/referrer/my-referrer', b.token)).json().data).toMatchObject({ referrer_id: a.phone, username: '张**' });
    expect((await get('/api/auth/me', b.token)).json().data.referrer_id).toBe(a.phone);
    const referrals = (await get('/api/referrer/my-referrals', a.token)).json().data;
    expect(referrals).toMatchObject({
      total: 1,
      referrals: [{ username: '李四', phone: `${b.phone.slice(0, 3)}****${b.phone.slice(-4)}` }],
    });
    expect((await get('/api/referrer/my-referrer', a.token)).json().data).toBeNull();
  });

  it('never changes a bound referrer', async () => {
    const [a, c, b] = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)];
    expect((await bind(b.token, a.phone)).statusCode).toBe(200);
    const again = await bind(b.token, c.phone);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('您已绑定推荐人，不能更改');
    const same = await bind(b.token, a.phone);
    expect(same.statusCode).toBe(409);
  });

  it('refuses an unknown referrer, yourself and a malformed number', async () => {
    const u = await registerUser(ctx);
    const ghost = await bind(u.token, '13000000002');
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe('推荐人不存在，请检查推荐人手机号');
    const self = await bind(u.token, u.phone);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('不能将自己设为推荐人');
    const bad = await bind(u.token, '12345');
    expect(bad.json().message).toBe('推荐人手机号格式不正确');
    const missing = await ctx.inject({ method: 'POST', url: '/api/referrer/bind-referrer', headers: bearer(u.token) });
    expect(missing.json().message).toBe('请输入推荐人手机号');
  });

  it('refuses cycles: A→B→A and A→B→C→A', async () => {
    const [a, b, c] = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)];
    expect((await bind(b.token, a.phone)).statusCode).toBe(200); // a referred b
    const direct = await bind(a.token, b.phone);
    expect(direct.statusCode).toBe(400);
    expect(direct.json().message).toBe('不能绑定由您推荐（直接或间接）的用户为推荐人');
    expect((await bind(c.token, b.phone)).statusCode).toBe(200); // b referred c
    const chain = await bind(a.token, c.phone);
    expect(chain.statusCode).toBe(400);
    expect(chain.json().message).toBe('不能绑定由您推荐（直接或间接）的用户为推荐人');
    // Someone outside the chain is still fine for a.
    const d = await registerUser(ctx);
    expect((await bind(a.token, d.phone)).statusCode).toBe(200);
  });

  it('does not let two people bind each other at the same moment', async () => {
    const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
    const results = await Promise.all([bind(a.token, b.phone), bind(b.token, a.phone)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('registration with a referrer binds it, under the same existence and self rules', async () => {
    const a = await registerUser(ctx);
    const b = await registerUser(ctx, { referrer_id: a.phone });
    expect((await get('/api/referrer/my-referrer', b.token)).json().data.referrer_id).toBe(a.phone);
    expect((await bind(b.token, a.phone)).statusCode).toBe(409);
  });

  it('an invitation whose referrer is not a user does not block sign-up: the same code registers without it (issue 19)', async () => {
    const phone = newPhone();
    const code = await sendCode(ctx, phone, 'register');
    const body = { name: '受邀用户', phone, code, password: 'secret123', confirmPassword: 'secret123' };
    const ghost = await ctx.inject({ method: 'POST', url: '/api/auth/register', payload: { ...body, referrer_id: '13000000002' } });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().message).toBe('推荐人不存在，请检查推荐人手机号');
    // The refusal spent neither the code nor a try: the person registers at once with the field cleared.
    const without = await ctx.inject({ method: 'POST', url: '/api/auth/register', payload: { ...body, referrer_id: '' } });
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json().user_info).toMatchObject({ phone, referrer_id: null });
  });

  it('gives your own invitation link to /register?referrer=<phone>, and only yours', async () => {
    const u = await registerUser(ctx);
    const byId = await get(`/api/referrer/referrer-link/${u.user.id}`, u.token);
    expect(byId.json().data).toEqual({ referrer_id: u.phone, link: `http://localhost:80/register?referrer=${u.phone}` }); // inject()'s Host: the request origin
    expect((await get(`/api/referrer/referrer-link/${u.phone}`, u.token)).statusCode).toBe(200);
    const other = await registerUser(ctx);
    const foreign = await get(`/api/referrer/referrer-link/${other.user.id}`, u.token);
    expect(foreign.statusCode).toBe(403);
  });

  it('looks a referrer up by phone for signed-in users: masked names and phone, 404 when unknown', async () => {
    const a = await registerUser(ctx, { name: '王小明' });
    const u = await registerUser(ctx);
    const res = await get(`/api/referrer/lookup?phone=${a.phone}`, u.token);
    // The username starts as the registration name: unmasked, the lookup would turn a phone number into a real name.
    expect(res.json()).toMatchObject({
      success: true,
      data: { username: '王**', name: '王**', phone: `${a.phone.slice(0, 3)}****${a.phone.slice(-4)}` },
    });
    expect(res.body).not.toContain('小明');
    expect(res.body).not.toContain(a.phone);
    // A username changed later is masked the same way.
    await ctx.inject({ method: 'PUT', url: '/api/auth/update-profile', headers: bearer(a.token), payload: { username: '小明同学' } });
    expect((await get(`/api/referrer/lookup?phone=${a.phone}`, u.token)).json().data).toMatchObject({ username: '小***', name: '王**' });
    expect((await get(`/api/referrer/lookup?phone=${newPhone()}`, u.token)).statusCode).toBe(404);
    expect((await get(`/api/referrer/lookup?phone=${a.phone}`)).statusCode).toBe(401);
  });

  it('every referrer call needs a signed-in user', async () => {
    for (const url of ['/api/referrer/my-referrer', '/api/referrer/my-referrals', '/api/referrer/referrer-link/x']) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
    expect((await ctx.inject({ method: 'POST', url: '/api/referrer/bind-referrer?referrer_id=13800000000' })).statusCode).toBe(401);
  });
});

describe('referrer lookup rate limit', () => {
  const ctx = useTestApp('pglite');
  it('stops one account after 20 lookups a minute with 429', async () => {
    const u = await registerUser(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1)
      codes.push((await ctx.inject({ method: 'GET', url: `/api/referrer/lookup?phone=${u.phone}`, headers: bearer(u.token) })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

describe('referrer link with PUBLIC_BASE_URL', () => {
  const ctx = useTestApp('pglite', { env: { PUBLIC_BASE_URL: 'https://lingxi.example.com/' } });
  it('builds the link on the public address', async () => {
    const u = await registerUser(ctx);
    const res = await ctx.inject({ method: 'GET', url: `/api/referrer/referrer-link/${u.user.id}`, headers: bearer(u.token) });
    expect(res.json().data.link).toBe(`https://lingxi.example.com/register?referrer=${u.phone}`);
  });
});
