import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentReports } from '../src/db/schema';
import { ADMIN_PHONE, useTestApp, type TestContext } from './support/app';
import { dbTargets } from './support/databases';
import { ask } from './support/safety';
import { bearer, registerUser } from './support/users';

const env = { LLM_OFFLINE_CHUNK_DELAY_MS: '0', CHAT_RATE_PER_MINUTE: '1000', REPORTS_PENDING_PER_USER: '3' };

/** A user with one answered question: the reply to report is order 2. */
async function userWithReply(ctx: TestContext) {
  const u = await registerUser(ctx);
  const turn = await ask(ctx, u.token, 'general', '给我一些建议');
  expect(turn.status).toBe(200);
  return { ...u, session: turn.session };
}

describe.each(dbTargets)('reports of AI replies and their resolution on %s', (target) => {
  const ctx = useTestApp(target, { env });
  const report = (token: string, payload: object) => ctx.inject({ method: 'POST', url: '/api/reports', headers: bearer(token), payload });

  it('takes a report of one of the user’s own replies once, with a snapshot of the reply, and shows it in their list', async () => {
    const u = await userWithReply(ctx);
    const res = await report(u.token, { session_id: u.session, order: 2, reason: 'false_info', detail: '内容和事实不符' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('举报已提交，我们会尽快处理');
    const made = res.json().data;
    expect(made).toMatchObject({ session_id: u.session, order: 2, reason: 'false_info', status: 'pending', service_type: 'general' });
    expect(made.reply_excerpt.length).toBeGreaterThan(10);

    const again = await report(u.token, { session_id: u.session, order: 2, reason: 'other' });
    expect([again.statusCode, again.json().message]).toEqual([409, '您已举报过这条回复，我们会尽快处理']);
    const mine = await ctx.inject({ method: 'GET', url: '/api/reports/mine', headers: bearer(u.token) });
    expect(mine.json().data).toEqual([expect.objectContaining({ id: made.id, status: 'pending', resolution_note: null })]);
  });

  it('refuses a report of someone else’s reply, of a question, of a missing reply, and with a bad reason', async () => {
    const a = await userWithReply(ctx);
    const b = await registerUser(ctx);
    expect((await report(b.token, { session_id: a.session, order: 2, reason: 'illegal' })).statusCode).toBe(404);
    expect((await report(a.token, { session_id: a.session, order: 1, reason: 'illegal' })).statusCode).toBe(404);
    expect((await report(a.token, { session_id: a.session, order: 9, reason: 'illegal' })).statusCode).toBe(404);
    const bad = await report(a.token, { session_id: a.session, order: 2, reason: 'boring' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, '请选择举报原因']);
    const unsigned = await ctx.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { session_id: a.session, order: 2, reason: 'illegal' },
    });
    expect(unsigned.statusCode).toBe(401);
    const dirty = await report(a.token, { session_id: a.session, order: 2, reason: 'other', detail: '你们这里有出售冰毒吗' });
    expect(dirty.statusCode).toBe(422);
  });

  it('bounds the reports a user has open at once', async () => {
    const u = await registerUser(ctx);
    for (let i = 0; i < 4; i++) {
      const turn = await ask(ctx, u.token, 'general', `问题${i}`);
      const res = await report(u.token, { session_id: turn.session, order: 2, reason: 'other' });
      expect(res.statusCode).toBe(i < 3 ? 200 : 429);
    }
  });

  it('refuses the queue, a report’s detail and resolving to anyone who is not an administrator', async () => {
    const u = await userWithReply(ctx);
    const made = (await report(u.token, { session_id: u.session, order: 2, reason: 'sexual' })).json().data;
    for (const [method, url] of [
      ['GET', '/api/admin/reports'],
      ['GET', `/api/admin/reports/${made.id}`],
      ['POST', `/api/admin/reports/${made.id}/resolve`],
    ] as const) {
      const payload = method === 'POST' ? { status: 'resolved', note: '好' } : undefined;
      const res = await ctx.inject({ method, url, headers: bearer(u.token), payload });
      expect([res.statusCode, res.json().message]).toEqual([403, '无权限：仅管理员可以访问']);
      expect((await ctx.inject({ method, url, payload })).statusCode).toBe(401);
    }
    const [row] = await ctx.database.db.select().from(contentReports).where(eq(contentReports.id, made.id));
    expect(row?.status).toBe('pending');
  });

  it('lets an administrator filter the queue, read the turn in context and resolve it with a note the reporter sees', async () => {
    const admin = await registerUser(ctx, { phone: ADMIN_PHONE });
    const u = await userWithReply(ctx);
    const made = (await report(u.token, { session_id: u.session, order: 2, reason: 'inducement', detail: '一直让我付费' })).json().data;
    const q = (query: string) => ctx.inject({ method: 'GET', url: `/api/admin/reports${query}`, headers: bearer(admin.token) });

    const byReason = (await q('?reason=inducement&status=pending')).json().data;
    expect(byReason.records.map((r: { id: string }) => r.id)).toContain(made.id);
    expect(byReason.records.every((r: { reason: string; status: string }) => r.reason === 'inducement' && r.status === 'pending')).toBe(
      true,
    );
    expect(byReason.records[0].reporter_phone).toBe(`${u.phone.slice(0, 3)}****${u.phone.slice(7)}`);
    expect((await q('?reason=illegal&status=resolved')).json().data.records.map((r: { id: string }) => r.id)).not.toContain(made.id);
    expect((await q('?status=nope')).statusCode).toBe(400);

    const detail = (await ctx.inject({ method: 'GET', url: `/api/admin/reports/${made.id}`, headers: bearer(admin.token) })).json().data;
    expect(detail.context.map((m: { order: number; role: string }) => [m.order, m.role])).toEqual([
      [1, 'user'],
      [2, 'assistant'],
    ]);
    expect(detail.context[0].content).toBe('给我一些建议');

    const resolve = (body: object) =>
      ctx.inject({ method: 'POST', url: `/api/admin/reports/${made.id}/resolve`, headers: bearer(admin.token), payload: body });
    expect((await resolve({ status: 'resolved', note: '' })).json().message).toBe('请填写处理说明');
    const done = await resolve({ status: 'resolved', note: '已核实，相关回复已调整，感谢反馈' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await resolve({ status: 'dismissed', note: '再次处理' })).statusCode).toBe(409);

    const mine = (await ctx.inject({ method: 'GET', url: '/api/reports/mine', headers: bearer(u.token) })).json().data;
    expect(mine[0]).toMatchObject({ id: made.id, status: 'resolved', resolution_note: '已核实，相关回复已调整，感谢反馈' });
    expect(mine[0].resolved_at).toEqual(expect.any(String));

    // The evidence outlives the conversation: deleted by the user, the report keeps its snapshot.
    await ctx.inject({ method: 'DELETE', url: `/api/cache/delete-history?session_id=${u.session}`, headers: bearer(u.token) });
    const after = (await ctx.inject({ method: 'GET', url: `/api/admin/reports/${made.id}`, headers: bearer(admin.token) })).json().data;
    expect(after.context).toBeNull();
    expect(after.report.reply_excerpt).toBe(made.reply_excerpt);
  });
});
