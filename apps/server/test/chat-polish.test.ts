import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPersona } from '../src/modules/chat/personas';
import { ADMIN_PHONE, useTestApp, type TestContext } from './support/app';
import { dbTargets } from './support/databases';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiOptions } from './support/fake-openai';
import { parseSseBlock } from './support/sse';
import { bearer, registerChatUser } from './support/users';

/** Issue #16's chat polish on the server: follow-up chips after the final event and stored, likes, session names. */
function eventsOf(raw: string) {
  return raw
    .split('\n\n')
    .map((block) => parseSseBlock(block))
    .filter((e) => !!e);
}
function finalOf(raw: string) {
  const e = eventsOf(raw).find((x) => x.event === 'final');
  if (!e) throw new Error(`no final event in ${raw.slice(0, 300)}`);
  return JSON.parse(e.data) as { follow_ups?: string[]; order: number; status: string };
}
/** The chips: a `follow_ups` event after `final`, on the same stream, for the reply's order. */
function followUpsOf(raw: string) {
  const events = eventsOf(raw);
  const at = events.findIndex((x) => x.event === 'follow_ups');
  if (at < 0) return null;
  expect(at).toBeGreaterThan(events.findIndex((x) => x.event === 'final'));
  return JSON.parse(events[at]?.data ?? '{}') as { order: number; follow_ups: string[] };
}

async function newChat(ctx: TestContext, token: string, type = 'bazi') {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/chat/chat-new',
    headers: bearer(token),
    payload: { type, query: '', key: randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { session_id: string; session_name: string };
}
const ask = (ctx: TestContext, token: string, key: string, query: string, type = 'bazi') =>
  ctx.inject({ method: 'POST', url: '/api/chat/chat-streaming', headers: bearer(token), payload: { type, query, key } });
const detail = async (ctx: TestContext, token: string, key: string) => {
  const res = await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${key}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    session_name: string;
    messages: { order: number; role: string; follow_ups?: string[]; vote?: string | null }[];
  };
};
const vote = (ctx: TestContext, token: string, payload: object) =>
  ctx.inject({ method: 'PUT', url: '/api/chat/message-vote', headers: bearer(token), payload });

describe.each(dbTargets)('chat polish with the offline model on %s', (target) => {
  const ctx = useTestApp(target, { env: { LLM_OFFLINE_CHUNK_DELAY_MS: '0', CHAT_RATE_PER_MINUTE: '1000' } });
  const found = findPersona('bazi');
  if (!found) throw new Error('the bazi persona is built in');
  const bazi = found;

  it('names a new empty chat 新对话 and its time (Beijing) until its first question names it', async () => {
    const { token } = await registerChatUser(ctx);
    const chat = await newChat(ctx, token);
    const bj = new Date(ctx.now().getTime() + 8 * 3_600_000).toISOString();
    expect(chat.session_name).toBe(`新对话 ${bj.slice(5, 10)} ${bj.slice(11, 16)}`);
    const list = await ctx.inject({ method: 'GET', url: '/api/cache/session-list?service_type=bazi', headers: bearer(token) });
    expect(list.json().data).toEqual([expect.objectContaining({ session_id: chat.session_id, session_name: chat.session_name })]);
    expect((await ask(ctx, token, chat.session_id, '我今年的事业运势如何')).statusCode).toBe(200);
    expect((await detail(ctx, token, chat.session_id)).session_name).toBe('我今年的事业运势如何');
  });

  it('ends a reply with up to three follow-up questions from the persona’s data, stored for a reload', async () => {
    const { token } = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, token);
    const asked = bazi.suggestedQuestions[0] ?? '';
    const res = await ask(ctx, token, session_id, asked);
    expect(res.statusCode).toBe(200);
    const final = finalOf(res.body);
    expect(final.status).toBe('done');
    // The reply is settled by its final event; the chips come after it, for that reply.
    expect(final.follow_ups).toBeUndefined();
    const chips = followUpsOf(res.body);
    expect(chips?.order).toBe(final.order);
    expect(chips?.follow_ups).toHaveLength(3);
    expect(chips?.follow_ups).not.toContain(asked);
    for (const q of chips?.follow_ups ?? []) expect(bazi.suggestedQuestions).toContain(q);
    // Never before the final event: no message event carries them.
    expect(res.body.split('event: final')[0]).not.toContain(chips?.follow_ups[0]);
    const shown = await detail(ctx, token, session_id);
    expect(shown.messages.map((m) => m.follow_ups)).toEqual([undefined, chips?.follow_ups]);
  });

  it('keeps one like or dislike per user and reply, changeable, and counts them for admins only', async () => {
    const a = await registerChatUser(ctx);
    const b = await registerChatUser(ctx);
    const admin = await registerChatUser(ctx, { phone: ADMIN_PHONE });
    const { session_id } = await newChat(ctx, a.token);
    await ask(ctx, a.token, session_id, '你好');
    const before = await ctx.inject({ method: 'GET', url: '/api/stats/votes', headers: bearer(admin.token) });
    expect(before.statusCode).toBe(200);

    const up = await vote(ctx, a.token, { session_id, order: 2, vote: 'up' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ success: true, message: '已记录评价', data: { vote: 'up' } });
    expect((await vote(ctx, a.token, { session_id, order: 2, vote: 'down' })).statusCode).toBe(200);
    expect((await detail(ctx, a.token, session_id)).messages.map((m) => m.vote)).toEqual([undefined, 'down']);

    const stats = await ctx.inject({ method: 'GET', url: '/api/stats/votes', headers: bearer(admin.token) });
    expect(stats.json().data).toEqual({
      up: before.json().data.up,
      down: before.json().data.down + 1,
      replies_voted: before.json().data.replies_voted + 1,
    });
    expect((await ctx.inject({ method: 'GET', url: '/api/stats/votes', headers: bearer(a.token) })).statusCode).toBe(403);
    // A vote is the user's personal data: in their export.
    const exported = await ctx.inject({ method: 'GET', url: '/api/account/export', headers: bearer(a.token) });
    expect(exported.json().data.chat_message_votes).toEqual([expect.objectContaining({ vote: -1 })]);

    // Another user's reply, a question, a reply that does not exist: all the same 404, nothing recorded.
    for (const [token, order] of [
      [b.token, 2],
      [a.token, 1],
      [a.token, 9],
    ] as const) {
      const res = await vote(ctx, token, { session_id, order, vote: 'up' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('回复不存在');
    }
    const bad = await vote(ctx, a.token, { session_id, order: 'x', vote: 'up' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/消息序号无效/);

    expect((await vote(ctx, a.token, { session_id, order: 2, vote: null })).json().message).toBe('已撤销评价');
    expect((await detail(ctx, a.token, session_id)).messages[1]?.vote).toBeNull();
    const after = await ctx.inject({ method: 'GET', url: '/api/stats/votes', headers: bearer(admin.token) });
    expect(after.json().data).toEqual(before.json().data);
  });
});

describe.each(dbTargets)('follow-up chips from an OpenAI-compatible model on %s', (target) => {
  let fake: FakeOpenAi;
  const fakeOptions: FakeOpenAiOptions = {
    apiKey: 'test-key',
    chunks: ['1. 我该怎么开始？\n', '2. 需要注意什么？\n', '- 我该怎么开始？\n3. 有没有具体的例子？'],
  };
  const env: Record<string, string> = {
    LLM_PROVIDER: 'openai',
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'fake-model',
    CHAT_RATE_PER_MINUTE: '1000',
  };
  beforeAll(async () => {
    fake = await startFakeOpenAi(fakeOptions);
    env.LLM_BASE_URL = fake.url;
  });
  afterAll(() => fake.close());
  const ctx = useTestApp(target, { env });

  it('asks the model a second, short question and sends its lines as chips, numbering dropped', async () => {
    const { token } = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, token, 'general');
    const res = await ask(ctx, token, session_id, '我想学做饭', 'general');
    const final = { follow_ups: followUpsOf(res.body)?.follow_ups };
    expect(final.follow_ups).toEqual(['我该怎么开始？', '需要注意什么？', '有没有具体的例子？']);
    const second = fake.requests.find((r) => r.body.messages[0]?.content.includes('追问'));
    expect(second?.body.max_tokens).toBeLessThanOrEqual(120);
    expect(second?.body.messages[0]?.content).toContain('追问');
    expect((await detail(ctx, token, session_id)).messages[1]?.follow_ups).toEqual(final.follow_ups);
  });

  it('regenerating a reply clears its chips when the new answer brings none; a new reply without chips stores none', async () => {
    const { token } = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, token, 'general');
    await ask(ctx, token, session_id, '怎么学游泳', 'general');
    expect((await detail(ctx, token, session_id)).messages[1]?.follow_ups).toHaveLength(3);
    // From now on the model suggests nothing (an empty second answer).
    fakeOptions.respond = (body) => (body.messages[0]?.content.includes('追问') ? [''] : undefined);
    try {
      const again = await ctx.inject({
        method: 'POST',
        url: '/api/chat/chat-streaming',
        headers: bearer(token),
        payload: { type: 'general', query: '', key: session_id, regenerate: true },
      });
      expect(finalOf(again.body).status).toBe('done');
      expect(followUpsOf(again.body)).toBeNull();
      expect((await detail(ctx, token, session_id)).messages.map((m) => m.follow_ups)).toEqual([undefined, []]);

      await ask(ctx, token, session_id, '那蛙泳呢', 'general');
      expect((await detail(ctx, token, session_id)).messages.map((m) => m.follow_ups)).toEqual([undefined, [], undefined, []]);
    } finally {
      fakeOptions.respond = undefined;
    }
  });

  it('names a new conversation with the model’s short title after its first reply, never one the user renamed', async () => {
    const { token } = await registerChatUser(ctx);
    const titled = await newChat(ctx, token, 'general');
    fakeOptions.chunks = ['《学做家常菜》'];
    await ask(ctx, token, titled.session_id, '我想学做饭，从哪里开始', 'general');
    expect((await detail(ctx, token, titled.session_id)).session_name).toBe('学做家常菜');
    const asks = fake.requests.slice(-2).map((r) => r.body.messages[0]?.content);
    expect(asks.some((c) => c?.includes('起标题'))).toBe(true);

    // Renamed by the user before the first reply: the model's title never replaces it; later replies ask for none.
    const renamed = await newChat(ctx, token, 'general');
    await ctx.inject({
      method: 'PATCH',
      url: '/api/cache/session-name',
      headers: bearer(token),
      payload: { session_id: renamed.session_id, session_name: '我的菜谱' },
    });
    await ask(ctx, token, renamed.session_id, '红烧肉怎么做', 'general');
    expect((await detail(ctx, token, renamed.session_id)).session_name).toBe('我的菜谱');
    const before = fake.requests.length;
    await ask(ctx, token, titled.session_id, '那第二步呢', 'general');
    expect(fake.requests.slice(before).some((r) => r.body.messages[0]?.content.includes('起标题'))).toBe(false);
  });
});
