import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatMessages, chatSessions, memoryItems } from '../src/db/schema';
import { useTestApp, type TestContext } from './support/app';
import { dbTargets } from './support/databases';
import { ask } from './support/safety';
import { until } from './support/until';
import { bearer, registerChatUser } from './support/users';

async function privateChat(ctx: TestContext, token: string, type = 'general') {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/chat/chat-new',
    headers: bearer(token),
    payload: { type, query: '', private: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().session_id as string;
}
const rowsOf = async (ctx: TestContext, session: string) => ({
  sessions: await ctx.database.db.select().from(chatSessions).where(eq(chatSessions.id, session)),
  messages: await ctx.database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session)),
});

describe.each(dbTargets)('private chat (无痕对话) on %s', (target) => {
  const ctx = useTestApp(target, {
    env: { LLM_OFFLINE_CHUNK_DELAY_MS: '0', CHAT_RATE_PER_MINUTE: '1000', MEMORY_SWEEP_MS: '50', PRIVATE_CHAT_IDLE_MS: '3600000' },
  });

  it('answers like any chat but is not listed, keeps no memory, and leaves nothing behind when closed', async () => {
    const u = await registerChatUser(ctx);
    const s = await privateChat(ctx, u.token);
    const turn = await ask(ctx, u.token, 'general', '记住：我的秘密是怕黑', s);
    expect(turn.status).toBe(200);
    expect(turn.body).toContain('"memory":{"used":false,"saved":null}');

    const detail = await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${s}`, headers: bearer(u.token) });
    expect(detail.json().data).toMatchObject({ private: true, session_name: '无痕对话' });
    expect(detail.json().data.messages).toHaveLength(2);
    const list = await ctx.inject({ method: 'GET', url: '/api/cache/session-list', headers: bearer(u.token) });
    expect(list.json().data).toEqual([]);
    const typed = await ctx.inject({ method: 'GET', url: '/api/cache/session-list?service_type=general', headers: bearer(u.token) });
    expect(typed.json().data).toEqual([]);
    const settle = await ctx.inject({ method: 'POST', url: '/api/memory/settle', headers: bearer(u.token), payload: { session_id: s } });
    expect(settle.json().data).toEqual({ queued: false });
    expect(await ctx.database.db.select().from(memoryItems).where(eq(memoryItems.userId, u.user.id))).toEqual([]);

    const closed = await ctx.inject({ method: 'DELETE', url: `/api/cache/delete-history?session_id=${s}`, headers: bearer(u.token) });
    expect(closed.statusCode).toBe(200);
    expect(await rowsOf(ctx, s)).toEqual({ sessions: [], messages: [] });
  });

  it('is deleted on the server when left idle for PRIVATE_CHAT_IDLE_MS (the browser vanished)', async () => {
    const u = await registerChatUser(ctx);
    const s = await privateChat(ctx, u.token);
    await ask(ctx, u.token, 'general', '随便聊聊', s);
    const normal = await ask(ctx, u.token, 'general', '这是普通对话');
    ctx.advance(3_600_001);
    await until(
      () => rowsOf(ctx, s),
      (r) => r.sessions.length === 0 && r.messages.length === 0,
    );
    const gone = await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${s}`, headers: bearer(u.token) });
    expect(gone.statusCode).toBe(404);
    // An ordinary chat idle just as long stays.
    expect((await rowsOf(ctx, normal.session)).sessions).toHaveLength(1);
  });
});
