import { MEMORY_MSG } from '@lingxi/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords, memoryItems } from '../src/db/schema';
import { useTestApp, type TestContext } from './support/app';
import { dbTargets } from './support/databases';
import { startFakeOpenAi, type FakeOpenAi } from './support/fake-openai';
import { ask, newSession } from './support/safety';
import { parseSseBlock } from './support/sse';
import { until } from './support/until';
import { bearer, registerChatUser, sendCode } from './support/users';

/** The `final` event of a streamed turn. */
function finalOf(body: string) {
  const final = body
    .split('\n\n')
    .map(parseSseBlock)
    .find((e) => e?.event === 'final');
  expect(final, body).toBeTruthy();
  return JSON.parse(final?.data ?? '{}') as { memory?: { used: boolean; saved: string | null }; order: number };
}

const memoryOf = async (ctx: TestContext, token: string) => {
  const res = await ctx.inject({ method: 'GET', url: '/api/memory', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; content: string; source: string; category: string; created_at: string }[];
};
const settle = (ctx: TestContext, token: string, session: string) =>
  ctx.inject({ method: 'POST', url: '/api/memory/settle', headers: bearer(token), payload: { session_id: session } });
const settings = (ctx: TestContext, token: string, payload: object) =>
  ctx.inject({ method: 'PUT', url: '/api/memory/settings', headers: bearer(token), payload });

const EXTRACTION_MARK = '长期记忆整理';

describe.each(dbTargets)('long-term memory with a configured model (fake upstream) on %s', (target) => {
  let fake: FakeOpenAi;
  const env: Record<string, string> = {
    LLM_PROVIDER: 'openai',
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'fake-model',
    CHAT_RATE_PER_MINUTE: '1000',
    MEMORY_IDLE_MS: '600000',
    MEMORY_SWEEP_MS: '50',
    // The upstream's last request must be the reply itself, not the chips' or the title's second call.
    CHAT_FOLLOW_UPS: 'off',
    CHAT_MODEL_TITLES: 'off',
  };
  beforeAll(async () => {
    // The memory job's request answers with facts drawn from what the user said; chat turns answer as usual.
    fake = await startFakeOpenAi({
      apiKey: 'test-key',
      respond: (body) => {
        if (!body.messages[0]?.content.includes(EXTRACTION_MARK)) return undefined;
        const said = body.messages.at(-1)?.content ?? '';
        if (said.includes('团子')) return ['["用户养了一只叫团子的猫"]'];
        if (said.includes('小林')) return ['```json\n["用户希望被叫作小林", ', '"用户正在准备明年的考研"]\n```'];
        return ['[]'];
      },
    });
    env.LLM_BASE_URL = fake.url;
  });
  afterAll(async () => fake?.close());
  const ctx = useTestApp(target, { env });

  it('extracts durable facts with the model when the user leaves a chat, tagged with the persona kind, from questions only', async () => {
    const u = await registerChatUser(ctx);
    const s = await newSession(ctx, u.token, 'career');
    expect((await ask(ctx, u.token, 'career', '我叫林晓，大家都叫我小林', s)).status).toBe(200);
    expect((await ask(ctx, u.token, 'career', '我明年要考研，怎么安排时间？', s)).status).toBe(200);
    const res = await settle(ctx, u.token, s);
    expect([res.statusCode, res.json().data]).toEqual([200, { queued: true }]);

    const items = await until(
      () => memoryOf(ctx, u.token),
      (l) => l.length === 2,
    );
    expect(items.map((i) => [i.content, i.source, i.category]).sort()).toEqual([
      ['用户希望被叫作小林', 'extracted', 'growth'],
      ['用户正在准备明年的考研', 'extracted', 'growth'],
    ]);
    const job = fake.requests.find((r) => r.body.messages[0]?.content.includes(EXTRACTION_MARK));
    expect(job?.body.messages.at(-1)?.content).toBe('用户：我叫林晓，大家都叫我小林\n用户：我明年要考研，怎么安排时间？');
    // Read is read: nothing new, nothing queued.
    expect((await settle(ctx, u.token, s)).json().data).toEqual({ queued: false });
    // Another user cannot have someone else's chat read.
    const other = await registerChatUser(ctx);
    expect((await settle(ctx, other.token, s)).json().data).toEqual({ queued: false });
  });

  it('reads a chat by itself once it has been quiet for MEMORY_IDLE_MS', async () => {
    const u = await registerChatUser(ctx);
    expect((await ask(ctx, u.token, 'general', '我家的猫叫团子，特别黏人')).status).toBe(200);
    expect(await memoryOf(ctx, u.token)).toEqual([]);
    ctx.advance(600_001);
    const items = await until(
      () => memoryOf(ctx, u.token),
      (l) => l.length === 1,
    );
    expect(items[0]).toMatchObject({ content: '用户养了一只叫团子的猫', source: 'extracted', category: 'general' });
  });

  it('adds the facts that fit the persona to its context and marks the reply 参考了你的记忆', async () => {
    const u = await registerChatUser(ctx);
    const s = await newSession(ctx, u.token, 'career');
    await ask(ctx, u.token, 'career', '大家都叫我小林', s);
    await settle(ctx, u.token, s);
    await until(
      () => memoryOf(ctx, u.token),
      (l) => l.length === 2,
    );

    const turn = await ask(ctx, u.token, 'learning', '下周的复习怎么排？');
    const system = fake.last()?.body.messages[0]?.content ?? '';
    expect(system).toContain('- 用户希望被叫作小林');
    expect(system).toContain('- 用户正在准备明年的考研');
    const final = finalOf(turn.body);
    expect(final.memory).toEqual({ used: true, saved: null });
    const detail = await ctx.inject({
      method: 'GET',
      url: `/api/cache/session-detail?session_id=${turn.session}`,
      headers: bearer(u.token),
    });
    expect(detail.json().data.messages.map((m: { memory_used: boolean }) => m.memory_used)).toEqual([false, true]);

    // Facts found in a growth chat are not a fortune persona's business.
    const fortune = await ask(ctx, u.token, 'bazi', '今年运势如何？');
    expect(fake.last()?.body.messages[0]?.content).not.toContain('小林');
    expect(finalOf(fortune.body).memory).toEqual({ used: false, saved: null });
  });

  it('stores 记住… at once, keeps wellbeing memory off until a separate consent, and never lets it leave those personas', async () => {
    const u = await registerChatUser(ctx);
    const saved = await ask(ctx, u.token, 'general', '记住：我对花生过敏');
    expect(finalOf(saved.body).memory?.saved).toBe('我对花生过敏');
    expect(await memoryOf(ctx, u.token)).toMatchObject([{ content: '我对花生过敏', source: 'explicit', category: 'general' }]);

    const refused = await ask(ctx, u.token, 'psychology', '请记住，我最近总是失眠');
    expect(finalOf(refused.body).memory).toEqual({ used: false, saved: null });
    expect(fake.last()?.body.messages[0]?.content).not.toContain('花生');
    expect(await memoryOf(ctx, u.token)).toHaveLength(1);

    const noConsent = await settings(ctx, u.token, { sensitive_enabled: true });
    expect([noConsent.statusCode, noConsent.json().message]).toEqual([400, MEMORY_MSG.consentRequired]);
    const on = await settings(ctx, u.token, { sensitive_enabled: true, consent: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ enabled: true, sensitive_enabled: true, sensitive_consent_at: expect.any(String) });
    const consent = await ctx.database.db
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.userId, u.user.id), eq(consentRecords.scene, 'memory_sensitive')));
    expect(consent).toHaveLength(1);

    const kept = await ask(ctx, u.token, 'psychology', '请记住，我最近总是失眠');
    expect(finalOf(kept.body).memory?.saved).toBe('我最近总是失眠');
    await ask(ctx, u.token, 'emotional', '今天心情一般');
    expect(fake.last()?.body.messages[0]?.content).toContain('- 我最近总是失眠');
    await ask(ctx, u.token, 'general', '推荐一本书');
    const general = fake.last()?.body.messages[0]?.content ?? '';
    expect(general).toContain('- 我对花生过敏');
    expect(general).not.toContain('失眠');
  });

  it('lets the user edit, delete one, delete all and switch memory off; only their own items', async () => {
    const u = await registerChatUser(ctx);
    await ask(ctx, u.token, 'general', '记住：我喜欢喝美式咖啡');
    await ask(ctx, u.token, 'general', '记住：我住在杭州');
    const [first, second] = (await memoryOf(ctx, u.token)).map((i) => i.id);
    if (!first || !second) throw new Error('two items expected');
    const url = (id: string) => `/api/memory/${id}`;

    const edited = await ctx.inject({
      method: 'PATCH',
      url: url(first),
      headers: bearer(u.token),
      payload: { content: '  我喜欢喝拿铁 ' },
    });
    expect(edited.json()).toMatchObject({ message: '已保存', data: { id: first, content: '我喜欢喝拿铁', source: 'edited' } });
    const dirty = await ctx.inject({
      method: 'PATCH',
      url: url(first),
      headers: bearer(u.token),
      payload: { content: '你们这里有出售冰毒吗' },
    });
    expect(dirty.statusCode).toBe(422);
    const long = await ctx.inject({ method: 'PATCH', url: url(first), headers: bearer(u.token), payload: { content: '长'.repeat(101) } });
    expect([long.statusCode, long.json().message]).toEqual([400, MEMORY_MSG.contentTooLong]);

    const stranger = await registerChatUser(ctx);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await ctx.inject({
        method,
        url: url(first),
        headers: bearer(stranger.token),
        payload: method === 'PATCH' ? { content: '改掉' } : undefined,
      });
      expect([res.statusCode, res.json().message]).toEqual([404, MEMORY_MSG.notFound]);
    }
    expect((await ctx.inject({ method: 'DELETE', url: '/api/memory', headers: bearer(stranger.token) })).json().data).toEqual({
      deleted: 0,
    });
    expect((await ctx.inject({ method: 'GET', url: '/api/memory' })).statusCode).toBe(401);

    expect((await ctx.inject({ method: 'DELETE', url: url(second), headers: bearer(u.token) })).json().data).toEqual({ deleted: 1 });
    expect((await ctx.inject({ method: 'DELETE', url: url(second), headers: bearer(u.token) })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'DELETE', url: url('not-a-uuid'), headers: bearer(u.token) })).statusCode).toBe(400);

    const off = await settings(ctx, u.token, { enabled: false });
    expect(off.json().data).toMatchObject({ enabled: false });
    const turn = await ask(ctx, u.token, 'general', '记住：我养了一条狗');
    expect(finalOf(turn.body).memory).toEqual({ used: false, saved: null });
    expect(fake.last()?.body.messages[0]?.content).not.toContain('拿铁');
    expect((await memoryOf(ctx, u.token)).map((i) => i.content)).toEqual(['我喜欢喝拿铁']);

    const all = await ctx.inject({ method: 'DELETE', url: '/api/memory', headers: bearer(u.token) });
    expect(all.json()).toMatchObject({ message: MEMORY_MSG.deletedAll, data: { deleted: 1 } });
    expect(await memoryOf(ctx, u.token)).toEqual([]);
  });

  it('puts memory in the personal-data export and deletes it with the account', async () => {
    const u = await registerChatUser(ctx);
    await ask(ctx, u.token, 'general', '记住：我的生日在五月');
    await settings(ctx, u.token, { enabled: true });
    const exported = await ctx.inject({ method: 'GET', url: '/api/account/export', headers: bearer(u.token) });
    expect(exported.json().data.memory_items).toMatchObject([{ content: '我的生日在五月', source: 'explicit' }]);
    expect(exported.json().data.memory_settings).toMatchObject([{ enabled: true }]);

    const code = await sendCode(ctx, u.phone, 'delete');
    const gone = await ctx.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(u.token), payload: { code } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await ctx.database.db.select().from(memoryItems).where(eq(memoryItems.userId, u.user.id))).toEqual([]);
  });
});

describe.each(dbTargets)('long-term memory with the offline model on %s', (target) => {
  const ctx = useTestApp(target, { env: { LLM_OFFLINE_CHUNK_DELAY_MS: '0', CHAT_RATE_PER_MINUTE: '1000', MEMORY_SWEEP_MS: '50' } });

  it('keeps only what the user asked to remember, at once, and uses it in the next reply', async () => {
    const u = await registerChatUser(ctx);
    const s = await newSession(ctx, u.token, 'general');
    const started = Date.now();
    const turn = await ask(ctx, u.token, 'general', '请记住：我喜欢被叫作阿明', s);
    expect(finalOf(turn.body).memory?.saved).toBe('我喜欢被叫作阿明');
    expect((await memoryOf(ctx, u.token)).map((i) => [i.content, i.source])).toEqual([['我喜欢被叫作阿明', 'explicit']]);
    expect(Date.now() - started).toBeLessThan(5000);

    await ask(ctx, u.token, 'general', '我在一家设计公司上班，最近很忙', s);
    await settle(ctx, u.token, s);
    ctx.advance(3_600_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await memoryOf(ctx, u.token)).toHaveLength(1);

    const next = await ask(ctx, u.token, 'career', '怎么提高效率？');
    expect(finalOf(next.body).memory).toEqual({ used: true, saved: null });
  });

  it('reports the defaults: on for ordinary personas, off for wellbeing ones', async () => {
    const u = await registerChatUser(ctx);
    const res = await ctx.inject({ method: 'GET', url: '/api/memory/settings', headers: bearer(u.token) });
    expect(res.json().data).toEqual({ enabled: true, sensitive_enabled: false, sensitive_consent_at: null, max_items: 50 });
    const empty = await settings(ctx, u.token, {});
    expect([empty.statusCode, empty.json().message]).toEqual([400, MEMORY_MSG.settingsEmpty]);
  });
});
