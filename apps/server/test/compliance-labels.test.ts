import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contentReports, moderationEvents, safetySettings, usageDays, users } from '../src/db/schema';
import { createAccountMerger } from '../src/modules/account';
import { createSafetyRepository } from '../src/modules/safety/repository';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { ask, beijingYear } from './support/safety';
import { bearer, registerUser, sendCode } from './support/users';

describe.each(dbTargets)('filing numbers from configuration on %s', (target) => {
  const ctx = useTestApp(target, {
    env: {
      SITE_ICP_NUMBER: '京ICP备12345678号-1',
      SITE_PUBLIC_SECURITY_NUMBER: '京公网安备11010502030143号',
      GENAI_MODEL_NAME: '灵犀对话模型',
      GENAI_FILING_NUMBER: 'Beijing-LingXi-20250101',
    },
  });

  it('shows each configured number with its official link, to anyone', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/site/filing' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      icp: { number: '京ICP备12345678号-1', url: 'https://beian.miit.gov.cn/' },
      public_security: { number: '京公网安备11010502030143号', url: 'https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143' },
      generative_ai: [{ model: '灵犀对话模型', number: 'Beijing-LingXi-20250101' }],
    });
  });
});

describe.each(dbTargets)('labels and records in the personal-data export and erasure on %s', (target) => {
  const ctx = useTestApp(target, { env: { LLM_OFFLINE_CHUNK_DELAY_MS: '0', AIGC_PRODUCER: '灵犀测试运营方' } });

  it('shows nothing when no filing number is configured', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/site/filing' })).json().data).toEqual({
      icp: null,
      public_security: null,
      generative_ai: [],
    });
  });

  it('labels the export as containing AI-generated content, explicitly and in AIGC metadata, with the safety records', async () => {
    const u = await registerUser(ctx, { birth_year: beijingYear(ctx) - 30 });
    const turn = await ask(ctx, u.token, 'general', '你好');
    await ctx.inject({
      method: 'POST',
      url: '/api/reports',
      headers: bearer(u.token),
      payload: { session_id: turn.session, order: 2, reason: 'other' },
    });
    const data = (await ctx.inject({ method: 'GET', url: '/api/account/export', headers: bearer(u.token) })).json().data;
    expect(data.ai_content_notice).toContain('人工智能生成');
    expect(data.aigc).toMatchObject({ Label: '1', ContentProducer: '灵犀测试运营方', ProduceID: expect.any(String) });
    expect(data.safety_settings).toEqual([expect.objectContaining({ birth_year: beijingYear(ctx) - 30 })]);
    expect(data.content_reports).toEqual([expect.objectContaining({ session_id: turn.session, reason: 'other' })]);
    expect(data.content_reports[0]).not.toHaveProperty('resolver_id');
    expect(Array.isArray(data.usage_days)).toBe(true);
  });

  it('keeps reports and moderation records without the person after account deletion, and deletes the rest', async () => {
    const u = await registerUser(ctx, { birth_year: 1990 });
    const turn = await ask(ctx, u.token, 'general', '你好');
    const made = (
      await ctx.inject({
        method: 'POST',
        url: '/api/reports',
        headers: bearer(u.token),
        payload: { session_id: turn.session, order: 2, reason: 'illegal' },
      })
    ).json().data;
    await ask(ctx, u.token, 'general', '出售冰毒', turn.session);
    ctx.advance(61_000);
    const code = await sendCode(ctx, u.phone, 'delete');
    expect((await ctx.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(u.token), payload: { code } })).statusCode).toBe(
      200,
    );
    const [report] = await ctx.database.db.select().from(contentReports).where(eq(contentReports.id, made.id));
    expect(report).toMatchObject({ userId: null, reason: 'illegal' });
    const events = await ctx.database.db.select().from(moderationEvents).where(eq(moderationEvents.sessionId, turn.session));
    expect(events).toEqual([expect.objectContaining({ userId: null, scene: 'question' })]);
    expect(await ctx.database.db.select().from(safetySettings).where(eq(safetySettings.userId, u.user.id))).toEqual([]);
  });

  it('carries the age declaration and the day’s use into the kept account when accounts are joined, never overwriting its own', async () => {
    const a = await registerUser(ctx, { birth_year: beijingYear(ctx) - 15 });
    const b = await registerUser(ctx);
    const c = await registerUser(ctx, { birth_year: 1985 });
    const db = ctx.database.db;
    await db.insert(usageDays).values([
      { userId: a.user.id, day: '2026-11-20', seconds: 600 },
      { userId: b.user.id, day: '2026-11-20', seconds: 60 },
    ]);
    const row = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0] as typeof users.$inferSelect;
    const merge = createAccountMerger(db);
    await merge(await row(a.user.id), await row(b.user.id));
    expect((await db.select().from(safetySettings).where(eq(safetySettings.userId, b.user.id)))[0]?.birthYear).toBe(beijingYear(ctx) - 15);
    expect((await db.select().from(usageDays).where(eq(usageDays.userId, b.user.id)))[0]?.seconds).toBe(660);
    // The kept account's own declaration wins.
    await merge(await row(b.user.id), await row(c.user.id));
    expect((await db.select().from(safetySettings).where(eq(safetySettings.userId, c.user.id)))[0]?.birthYear).toBe(1985);
  });

  it('deletes records past the retention period, but never a report still waiting to be handled', async () => {
    const u = await registerUser(ctx);
    const db = ctx.database.db;
    const old = new Date(Date.now() - 200 * 86_400_000);
    await db
      .insert(moderationEvents)
      .values({ userId: u.user.id, scene: 'question', category: 'illegal', provider: 'local', createdAt: old });
    await db.insert(contentReports).values([
      { userId: u.user.id, sessionId: 'old-1', orderNum: 2, reason: 'other', replyExcerpt: 'x', status: 'resolved', createdAt: old },
      { userId: u.user.id, sessionId: 'old-2', orderNum: 2, reason: 'other', replyExcerpt: 'y', status: 'pending', createdAt: old },
    ]);
    await createSafetyRepository(ctx.database).purgeBefore(new Date(Date.now() - 180 * 86_400_000));
    expect(await db.select().from(moderationEvents).where(eq(moderationEvents.userId, u.user.id))).toEqual([]);
    const left = await db.select().from(contentReports).where(eq(contentReports.userId, u.user.id));
    expect(left.map((r) => r.sessionId)).toEqual(['old-2']);
  });
});
