import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerUser } from './support/users';

/**
 * Issue 12 item 5: a `?token=` address signs in only with a one-time, short-lived ticket spent on the server. A bearer
 * token in its place signs no one in (before the fix, the web loaded /auth/me with whatever the address carried).
 */
describe.each(dbTargets)('sign-in tickets on %s', (target) => {
  const ctx = useTestApp(target);
  const exchange = (ticket: string) => ctx.inject({ method: 'POST', url: '/api/auth/exchange-ticket', payload: { ticket } });
  const issue = async (token: string) => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/sign-in-ticket', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { ticket: string; expires_in: number };
  };

  it('spends a ticket once for a new session of its user; a second use and a bearer token are refused', async () => {
    const { token, user } = await registerUser(ctx);
    const { ticket, expires_in } = await issue(token);
    expect(ticket).toMatch(/^lxt_/);
    expect(expires_in).toBeLessThanOrEqual(120);

    const first = await exchange(ticket);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, user_info: { id: user.id } });
    expect(first.json().token).not.toBe(token);
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(first.json().token) })).statusCode).toBe(200);

    const second = await exchange(ticket);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('登录链接无效或已过期，请重新登录');

    const raw = await exchange(token);
    expect(raw.statusCode).toBe(400);
    expect(raw.json().message).toBe('登录链接无效或已过期，请重新登录');
  });

  it('lets two racing uses of one ticket sign in at most once', async () => {
    const { token } = await registerUser(ctx);
    const { ticket } = await issue(token);
    const results = await Promise.all(Array.from({ length: 8 }, () => exchange(ticket)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('expires a ticket after two minutes, stores only its hash, and keeps a few per user', async () => {
    const { token, user } = await registerUser(ctx);
    const { ticket } = await issue(token);
    const stored = await ctx.database.db.execute(sql`select ticket_hash from sign_in_tickets where user_id = ${user.id}`);
    const hashes = (stored as unknown as { rows?: { ticket_hash: string }[] }).rows ?? (stored as unknown as { ticket_hash: string }[]);
    expect(hashes.map((r) => r.ticket_hash)).not.toContain(ticket);
    ctx.advance(121_000);
    expect((await exchange(ticket)).statusCode).toBe(400);

    const tickets: string[] = [];
    for (let i = 0; i < 8; i++) tickets.push((await issue(token)).ticket);
    const count = await ctx.database.db.execute(sql`select count(*)::int as n from sign_in_tickets where user_id = ${user.id}`);
    const n = ((count as unknown as { rows?: { n: number }[] }).rows ?? (count as unknown as { n: number }[]))[0]?.n;
    expect(n).toBeLessThanOrEqual(5);
    expect((await exchange(tickets[0] ?? '')).statusCode).toBe(400);
    expect((await exchange(tickets[7] ?? '')).statusCode).toBe(200);
  });

  it('tells a signed-in page whether a ticket is its own account, without spending it', async () => {
    const a = await registerUser(ctx);
    const b = await registerUser(ctx);
    const { ticket } = await issue(b.token);
    const check = (token: string, t = ticket) =>
      ctx.inject({ method: 'POST', url: '/api/auth/sign-in-ticket/check', headers: bearer(token), payload: { ticket: t } });
    expect((await check(a.token)).json().data).toEqual({ same_account: false });
    expect((await check(b.token)).json().data).toEqual({ same_account: true });
    expect((await check(a.token, a.token)).statusCode).toBe(400);
    expect((await exchange(ticket)).statusCode).toBe(200);
    expect((await check(a.token)).statusCode).toBe(400);
  });

  it('asks to be signed in to make a ticket', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/auth/sign-in-ticket' });
    expect(res.statusCode).toBe(401);
  });
});
