import { randomUUID } from 'node:crypto';
import { CHAT_MSG } from '@lingxi/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestContext } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerUser } from './support/users';

/** What one user can store through the history API is bounded (issue 12 item 4): sizes, counts, rate, pages. */
const newChat = async (ctx: TestContext, token: string) => {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/chat/chat-new',
    headers: bearer(token),
    payload: { type: 'general', key: randomUUID() },
  });
  return { status: res.statusCode, message: res.json().message as string, id: res.json().session_id as string };
};
const save = (ctx: TestContext, token: string, session_id: string, over: Record<string, unknown> = {}) =>
  ctx.inject({
    method: 'POST',
    url: '/api/cache/save-message',
    headers: bearer(token),
    payload: { session_id, role: 'user', content: '保存的消息', ...over },
  });

describe.each(dbTargets)('chat history bounds on %s', (target) => {
  const ctx = useTestApp(target, {
    env: { CHAT_SAVE_PER_MINUTE: '1000', CHAT_MAX_MESSAGES_PER_SESSION: '6', CHAT_MAX_SESSIONS_PER_USER: '3' },
  });

  it('refuses save-message text over 10,000 and grounding over 4,000 characters, in Chinese, storing nothing', async () => {
    const { token } = await registerUser(ctx);
    const { id } = await newChat(ctx, token);
    const long = await save(ctx, token, id, { content: '字'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(CHAT_MSG.contentTooLong);
    const rag = await save(ctx, token, id, { content: '短', content_rag: '参'.repeat(4_001) });
    expect(rag.statusCode).toBe(400);
    expect(rag.json().message).toBe(CHAT_MSG.contentRagTooLong);
    expect((await save(ctx, token, id, { content: '字'.repeat(10_000), content_rag: '参'.repeat(4_000) })).statusCode).toBe(200);
    const detail = await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${id}`, headers: bearer(token) });
    expect(detail.json().data.messages).toHaveLength(1);
  });

  it('caps a session’s messages even when saves arrive at once, and refuses a question into a full session', async () => {
    const { token } = await registerUser(ctx);
    const { id } = await newChat(ctx, token);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => save(ctx, token, id, { content: `第${i}条` })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array(6).fill(CHAT_MSG.sessionFull));
    const detail = await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${id}&limit=100`, headers: bearer(token) });
    expect(detail.json().data.messages).toHaveLength(6);

    const { id: other } = await newChat(ctx, token);
    for (let i = 0; i < 5; i++) expect((await save(ctx, token, other)).statusCode).toBe(200);
    // A question takes two rows (it and its reply): five saved leave room for none.
    const turn = await ctx.inject({
      method: 'POST',
      url: '/api/chat/chat',
      headers: bearer(token),
      payload: { type: 'general', query: '还能问吗', key: other },
    });
    expect(turn.statusCode).toBe(409);
    expect(turn.json().message).toBe(CHAT_MSG.sessionFull);
  });

  it('refuses a new chat past CHAT_MAX_SESSIONS_PER_USER until one is deleted', async () => {
    const { token } = await registerUser(ctx);
    const made = [await newChat(ctx, token), await newChat(ctx, token), await newChat(ctx, token)];
    expect(made.map((m) => m.status)).toEqual([200, 200, 200]);
    const fourth = await newChat(ctx, token);
    expect(fourth).toMatchObject({ status: 409, message: CHAT_MSG.sessionsLimit });
    await ctx.inject({ method: 'DELETE', url: `/api/cache/delete-history?session_id=${made[0]?.id}`, headers: bearer(token) });
    expect((await newChat(ctx, token)).status).toBe(200);
  });

  it('pages session-detail from the newest messages back, sending each message once', async () => {
    const { token } = await registerUser(ctx);
    const { id } = await newChat(ctx, token);
    for (let i = 1; i <= 6; i++) expect((await save(ctx, token, id, { content: `消息${i}` })).statusCode).toBe(200);
    const page = async (q: string) =>
      (await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${id}${q}`, headers: bearer(token) })).json();

    const newest = await page('&limit=4');
    expect(Object.keys(newest).sort()).toEqual(['data', 'message', 'success']);
    expect(newest.data.messages.map((m: { content: string }) => m.content)).toEqual(['消息3', '消息4', '消息5', '消息6']);
    expect(newest.data.has_more).toBe(true);
    const older = await page(`&limit=4&before=${newest.data.messages[0].order}`);
    expect(older.data.messages.map((m: { content: string }) => m.content)).toEqual(['消息1', '消息2']);
    expect(older.data.has_more).toBe(false);
    expect((await page('')).data.messages).toHaveLength(6);

    const bad = await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${id}&limit=1000`, headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CHAT_MSG.pageInvalid);
  });
});

describe.each(dbTargets)('save-message rate on %s', (target) => {
  const ctx = useTestApp(target, { env: { CHAT_SAVE_PER_MINUTE: '5' } });

  it('allows CHAT_SAVE_PER_MINUTE saves a minute per user and then answers 429 in Chinese', async () => {
    const { token } = await registerUser(ctx);
    const { id } = await newChat(ctx, token);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await save(ctx, token, id)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200]);
    const sixth = await save(ctx, token, id);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/^请求过于频繁，请\d+秒后再试$/);
    // Another user is not held up by the first one's saves.
    const other = await registerUser(ctx);
    const { id: theirs } = await newChat(ctx, other.token);
    expect((await save(ctx, other.token, theirs)).statusCode).toBe(200);
  });
});
