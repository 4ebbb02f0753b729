import { randomUUID } from 'node:crypto';
import { CHAT_GROUNDING_MESSAGES } from '@lingxi/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatGroundings, chatMessages } from '../src/db/schema';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerChatUser } from './support/users';
import { her, me } from './support/births';

/**
 * Issue #15: "让AI解读此命盘", the timeline's "这一年/这个月需要注意什么" and 合婚 → 姻缘情感 start a session grounded in
 * a chart, a year or month of it, or a pairing. The grounding the model got is stored with the question (content_rag).
 */
describe.each(dbTargets)('chat sessions grounded in a chart or a 合婚 on %s', (target) => {
  const ctx = useTestApp(target, { env: { LLM_OFFLINE_CHUNK_DELAY_MS: '0', CHAT_RATE_PER_MINUTE: '1000' } });

  async function user() {
    // Acknowledged the 你正在和AI对话 notice: the companion personas (姻缘情感) answer only after it (issue #13).
    const { token } = await registerChatUser(ctx);
    const headers = bearer(token);
    const chart = async (body: object) =>
      (await ctx.inject({ method: 'POST', url: '/api/bazi-paipan/paipan', payload: body, headers })).json().chart_id as string;
    const newChat = (type: string, grounding?: object) =>
      ctx.inject({ method: 'POST', url: '/api/chat/chat-new', headers, payload: { type, query: '', key: randomUUID(), grounding } });
    /** Asks one question in the session and answers the grounding stored with it. */
    const ask = async (sessionId: string, type: string, query: string) => {
      const res = await ctx.inject({ method: 'POST', url: '/api/chat/chat', headers, payload: { type, query, key: sessionId } });
      expect(res.statusCode, res.body).toBe(200);
      const [question] = await ctx.database.db
        .select({ rag: chatMessages.contentRag })
        .from(chatMessages)
        .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.role, 'user'), eq(chatMessages.content, query)));
      return question?.rag ?? '';
    };
    return { headers, chart, newChat, ask };
  }

  it('grounds “让AI解读此命盘” in that chart, not the latest one', async () => {
    const u = await user();
    const mine = await u.chart({ ...me, name: '我' });
    await u.chart(her); // saved later: the latest
    const res = await u.newChat('bazi', { kind: 'chart', chart_id: mine });
    expect(res.statusCode, res.body).toBe(200);
    const rag = await u.ask(res.json().session_id, 'bazi', '请解读我的命盘');
    expect(rag).toContain('【用户命盘】（“我”，');
    expect(rag).toContain('四柱：年柱 戊子（纳音霹雳火）｜月柱 庚申');
    expect(rag).toContain('神煞：年柱 天德合、将星');
    expect(rag).toContain('刑冲合害：子申辰三合化水');
  });

  it('grounds “这一年/这个月需要注意什么” in the year and month of the timeline', async () => {
    const u = await user();
    const id = await u.chart(me);
    const year = await u.newChat('bazi', { kind: 'chart', chart_id: id, year: 2026 });
    expect(await u.ask(year.json().session_id, 'bazi', '这一年需要注意什么')).toContain('用户想了解：2026年需要注意什么');
    const month = await u.newChat('bazi', { kind: 'chart', chart_id: id, year: 2026, month: 2 });
    const rag = await u.ask(month.json().session_id, 'bazi', '这个月需要注意什么');
    expect(rag).toContain('用户问的月份：惊蛰起的辛卯月（2026-03-05至2026-04-05）');
    const noYear = await u.newChat('bazi', { kind: 'chart', chart_id: id, month: 2 });
    expect([noYear.statusCode, noYear.json().message]).toEqual([400, CHAT_GROUNDING_MESSAGES.monthWithoutYear]);
  });

  it('hands a 合婚 to the 姻缘情感 persona as facts', async () => {
    const u = await user();
    const a = await u.chart({ ...me, name: '我' });
    const b = await u.chart({ ...her, name: '小雨' });
    const pairing = (
      await ctx.inject({
        method: 'POST',
        url: '/api/bazi-paipan/pairings',
        headers: u.headers,
        payload: { chart_id: a, partner_chart_id: b, partner_consent: true },
      })
    ).json().data;
    const res = await u.newChat('love', { kind: 'pairing', pairing_id: pairing.id });
    expect(res.statusCode, res.body).toBe(200);
    const rag = await u.ask(res.json().session_id, 'love', '我们合适吗？');
    expect(rag).toContain('【合婚信息】');
    expect(rag).toContain('甲方（“我”，男）：四柱 戊子 庚申 庚辰 丙戌');
    expect(rag).toContain('乙方（“小雨”，女）');
    expect(rag).toContain(`日主五行：${pairing.facts.day_master.text}`);
  });

  it('refuses another user’s chart or pairing, and personas that do not read charts', async () => {
    const owner = await user();
    const id = await owner.chart(me);
    const other = await user();
    const foreign = await other.newChat('bazi', { kind: 'chart', chart_id: id });
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, CHAT_GROUNDING_MESSAGES.chartNotFound]);
    const pairing = await other.newChat('love', { kind: 'pairing', pairing_id: randomUUID() });
    expect([pairing.statusCode, pairing.json().message]).toEqual([404, CHAT_GROUNDING_MESSAGES.pairingNotFound]);
    const companion = await owner.newChat('psychology', { kind: 'chart', chart_id: id });
    expect([companion.statusCode, companion.json().message]).toEqual([400, '该对话类型不解读命盘']);
  });

  it('falls back to the latest chart once the grounded chart is deleted (the grounding goes with it)', async () => {
    const u = await user();
    const first = await u.chart({ ...me, name: '旧盘' });
    const session = (await u.newChat('bazi', { kind: 'chart', chart_id: first })).json().session_id;
    await u.chart({ ...her, name: '新盘' });
    await ctx.inject({ method: 'DELETE', url: `/api/bazi-paipan/charts/${first}`, headers: u.headers });
    expect(await ctx.database.db.select().from(chatGroundings).where(eq(chatGroundings.sessionId, session))).toEqual([]);
    const rag = await u.ask(session, 'bazi', '再看看');
    expect(rag).toContain('【用户命盘摘要】（“新盘”，');
  });
});
