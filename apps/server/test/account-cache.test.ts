import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { until } from './support/until';
import { bearer, registerUser } from './support/users';

/**
 * Signed-in requests are answered from an in-process account cache (ADR 008). These writes go straight to the
 * database, past every repository, as another instance or an operator's SQL would: the triggers' NOTIFY must still
 * reach the cache, so a signed-in client never keeps seeing what is no longer true.
 */
describe.each(dbTargets)('account cache on %s', (target) => {
  const ctx = useTestApp(target);
  const me = (token: string) => ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const eventually = (token: string, done: (res: Awaited<ReturnType<typeof me>>) => boolean) => until(() => me(token), done, 2000);

  it('shows a user row changed behind its back', async () => {
    const { token, user } = await registerUser(ctx, { name: '缓存用户' });
    expect((await me(token)).json().data.username).toBe('缓存用户');
    await ctx.database.db.execute(sql`update users set username = '后台改名' where id = ${user.id}`);
    expect((await eventually(token, (r) => r.json().data?.username === '后台改名')).json().data.username).toBe('后台改名');
  });

  it('stops accepting a session revoked behind its back, and a deleted one', async () => {
    const a = await registerUser(ctx);
    expect((await me(a.token)).statusCode).toBe(200);
    await ctx.database.db.execute(sql`update auth_sessions set revoked_at = now() where user_id = ${a.user.id}`);
    expect((await eventually(a.token, (r) => r.statusCode === 401)).statusCode).toBe(401);

    const b = await registerUser(ctx);
    expect((await me(b.token)).statusCode).toBe(200);
    await ctx.database.db.execute(sql`delete from auth_sessions where user_id = ${b.user.id}`);
    expect((await eventually(b.token, (r) => r.statusCode === 401)).statusCode).toBe(401);
  });

  it('shows a WeChat identity linked behind its back', async () => {
    const { token, user } = await registerUser(ctx);
    expect((await me(token)).json().data.binding_status.has_wechat).toBe(false);
    await ctx.database.db.execute(
      sql`insert into wechat_identities (user_id, appid, openid, unionid, nickname) values (${user.id}, 'wxcachetest000001', ${`o-${user.id}`}, null, '后台微信')`,
    );
    const res = await eventually(token, (r) => r.json().data?.binding_status.has_wechat === true);
    expect(res.json().data).toMatchObject({ wechat_nickname: '后台微信', binding_status: { has_wechat: true } });
  });

  it('lets an expired session go even while cached', async () => {
    const { token } = await registerUser(ctx);
    expect((await me(token)).statusCode).toBe(200);
    ctx.advance(31 * 24 * 3600 * 1000);
    try {
      expect((await me(token)).statusCode).toBe(401);
    } finally {
      ctx.advance(-31 * 24 * 3600 * 1000);
    }
  });
});
