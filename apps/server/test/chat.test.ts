import { randomUUID } from 'node:crypto';
import { parseSseBlock } from './support/sse';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_SERVICE_TYPES } from '../src/modules/service-types/catalog';
import { ADMIN_PHONE, useTestApp, type TestContext } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerChatUser } from './support/users';

/** Parses an SSE body into text (joined data lines of unnamed events) and named events. */
function parseSse(raw: string) {
  let text = '';
  const events: { event: string; data: string }[] = [];
  for (const block of raw.split('\n\n')) {
    const e = parseSseBlock(block);
    if (!e) continue;
    if (e.event === 'message') text += e.data;
    else events.push(e);
  }
  return { text, events, final: events.find((e) => e.event === 'final') };
}

async function newChat(ctx: TestContext, token: string, type = 'psychology', query = '', key?: string) {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/chat/chat-new',
    headers: bearer(token),
    payload: { type, query, key: key ?? randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { session_id: string; data: { session_id: string; session_name: string | null } };
}

describe.each(dbTargets)('chat with the offline provider on %s', (target) => {
  const ctx = useTestApp(target, { env: { LLM_OFFLINE_CHUNK_DELAY_MS: '0', CHAT_RATE_PER_MINUTE: '1000' } });
  const stream = (token: string, payload: object) =>
    ctx.inject({ method: 'POST', url: '/api/chat/chat-streaming', headers: bearer(token), payload });

  it('creates a session with the client UUID and answers session_id both directly and under data', async () => {
    const { token } = await registerChatUser(ctx);
    const key = randomUUID();
    const body = await newChat(ctx, token, 'bazi', '', key);
    expect(body.session_id).toBe(key);
    expect(body.data.session_id).toBe(key);
    // A retry with the same key is the same session; a malformed key gets a fresh UUID.
    expect((await newChat(ctx, token, 'bazi', '', key)).session_id).toBe(key);
    const bad = await newChat(ctx, token, 'bazi', '', 'not-a-uuid');
    expect(bad.session_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never reuses a key that belongs to another user', async () => {
    const a = await registerChatUser(ctx);
    const b = await registerChatUser(ctx);
    const key = randomUUID();
    await newChat(ctx, a.token, 'general', '', key);
    const other = await newChat(ctx, b.token, 'general', '', key);
    expect(other.session_id).not.toBe(key);
  });

  it('refuses an unknown service type and accepts the default type defaultai', async () => {
    const { token } = await registerChatUser(ctx);
    const bad = await ctx.inject({
      method: 'POST',
      url: '/api/chat/chat-new',
      headers: bearer(token),
      payload: { type: 'nope', query: '', key: randomUUID() },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('服务类型不存在');
    expect((await newChat(ctx, token, 'defaultai')).session_id).toBeTruthy();
  });

  it('streams a labelled offline reply as SSE, stores both messages and names the session from the first question', async () => {
    const { token } = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, token, 'career');
    const question = '工作三年想转行做产品经理，应该怎么规划比较好呢？';
    const res = await stream(token, { type: 'career', query: question, key: session_id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['cache-control']).toMatch(/no-cache/);
    expect(res.headers['x-accel-buffering']).toBe('no');
    const { text, final } = parseSse(res.body);
    expect(text).toContain('【离线演示回复】');
    expect(text).toContain('职业规划');
    const fin = JSON.parse(final!.data);
    expect(fin).toMatchObject({
      role: 'assistant',
      content: text,
      status: 'done',
      model_info: { provider: 'offline', model: 'offline-demo' },
    });

    const detail = await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${session_id}`, headers: bearer(token) });
    const { messages } = detail.json().data;
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ order: 1, role: 'user', content: question, status: 'done' });
    expect(messages[1]).toMatchObject({ order: 2, role: 'assistant', content: text, status: 'done', tokens_estimated: true });
    expect(messages[1].tokens).toBeGreaterThan(10);
    expect(detail.json().data.session_name).toBe(`${Array.from(question).slice(0, 20).join('')}…`);

    const list = await ctx.inject({ method: 'GET', url: '/api/cache/session-list?service_type=career', headers: bearer(token) });
    expect(list.json().data).toEqual([expect.objectContaining({ session_id, session_name: detail.json().data.session_name })]);
  });

  it('answers without streaming on /chat/chat', async () => {
    const { token } = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, token, 'learning');
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/chat/chat',
      headers: bearer(token),
      payload: { type: 'learning', query: '费曼学习法怎么用？', key: session_id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      role: 'assistant',
      status: 'done',
      order: 2,
      content: expect.stringContaining('【离线演示回复】'),
    });
  });

  it('rejects bad requests as JSON before any stream starts', async () => {
    const { token } = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, token);
    const cases: [object, Record<string, string>, number, string][] = [
      [{ type: 'psychology', query: '你好', key: session_id }, {}, 401, '未登录或登录已过期，请重新登录'],
      [{ type: 'psychology', query: '   ', key: session_id }, bearer(token), 400, '请输入您的问题'],
      [{ type: 'psychology', query: '你好', key: randomUUID() }, bearer(token), 404, '会话不存在'],
      [{ type: 'psychology', query: 'x'.repeat(4001), key: session_id }, bearer(token), 400, '问题不能超过4000个字'],
    ];
    for (const [payload, headers, status, message] of cases) {
      const res = await ctx.inject({ method: 'POST', url: '/api/chat/chat-streaming', headers, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });

  it('flags a crisis message on the psychology persona and replies safety-first', async () => {
    const { token } = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, token, 'psychology');
    const { text, events, final } = parseSse((await stream(token, { type: 'psychology', query: '我真的不想活了', key: session_id })).body);
    expect(JSON.parse(events.find((e) => e.event === 'meta')!.data).safety).toEqual({ crisis: true });
    expect(JSON.parse(final!.data).safety).toEqual({ crisis: true });
    expect(text).toContain('12356');
    const { messages } = (
      await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${session_id}`, headers: bearer(token) })
    ).json().data;
    expect(messages.map((m: { safety: { crisis: boolean } }) => m.safety.crisis)).toEqual([true, true]);
    const calm = parseSse((await stream(token, { type: 'psychology', query: '今天天气不错', key: session_id })).body);
    expect(JSON.parse(calm.final!.data).safety).toEqual({ crisis: false });
  });

  it('regenerates the last reply in place', async () => {
    const { token } = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, token, 'wisdom');
    await stream(token, { type: 'wisdom', query: '怎样放下得失？', key: session_id });
    const again = parseSse((await stream(token, { type: 'wisdom', query: '', key: session_id, regenerate: true })).body);
    expect(JSON.parse(again.final!.data)).toMatchObject({ order: 2, status: 'done' });
    const { messages } = (
      await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${session_id}`, headers: bearer(token) })
    ).json().data;
    expect(messages).toHaveLength(2);
    const fresh = await newChat(ctx, token, 'wisdom');
    const nothing = await stream(token, { type: 'wisdom', query: '', key: fresh.session_id, regenerate: true });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('没有可以重新生成的回复');
  });

  it('lets user A never read, list, rename, save into, chat in or delete user B’s sessions', async () => {
    const a = await registerChatUser(ctx);
    const b = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, b.token, 'legal', '公司拖欠工资怎么办');
    const asA = bearer(a.token);
    const calls = [
      ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${session_id}`, headers: asA }),
      ctx.inject({ method: 'PATCH', url: '/api/cache/session-name', headers: asA, payload: { session_id, session_name: '偷看' } }),
      ctx.inject({ method: 'DELETE', url: `/api/cache/delete-history?session_id=${session_id}`, headers: asA }),
      ctx.inject({
        method: 'POST',
        url: '/api/cache/save-message',
        headers: asA,
        payload: { session_id, user_id: b.user.id, role: 'user', content: 'x', order_num: 9 },
      }),
      stream(a.token, { type: 'legal', query: '你好', key: session_id }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: '会话不存在', data: null });
    }
    const list = await ctx.inject({ method: 'GET', url: `/api/cache/session-list?user_id=${b.user.id}&service_type=legal`, headers: asA });
    expect(list.json().data).toEqual([]);
    const still = await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${session_id}`, headers: bearer(b.token) });
    expect(still.json().data.session_name).toBe('公司拖欠工资怎么办');
    for (const url of ['/api/cache/session-list', `/api/cache/session-detail?session_id=${session_id}`]) {
      expect((await ctx.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('renames, saves messages into and deletes one’s own session', async () => {
    const { token, user } = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, token, 'general');
    const renamed = await ctx.inject({
      method: 'PATCH',
      url: '/api/cache/session-name',
      headers: bearer(token),
      payload: { session_id, session_name: '  我的对话  ' },
    });
    expect(renamed.json()).toMatchObject({ success: true, data: { session_name: '我的对话' } });
    const empty = await ctx.inject({
      method: 'PATCH',
      url: '/api/cache/session-name',
      headers: bearer(token),
      payload: { session_id, session_name: ' ' },
    });
    expect(empty.json().message).toBe('请输入会话名称');

    const save = (order_num: number) =>
      ctx.inject({
        method: 'POST',
        url: '/api/cache/save-message',
        headers: bearer(token),
        payload: {
          session_id,
          user_id: user.id,
          role: 'user',
          content: '手动保存的消息',
          content_rag: null,
          order_num,
          message_time: '2026-01-02T03:04:05.000Z',
        },
      });
    expect((await save(1)).statusCode).toBe(200);
    const dup = await save(1);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('该消息序号已存在');
    const detail = (
      await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${session_id}`, headers: bearer(token) })
    ).json().data;
    expect(detail.messages[0]).toMatchObject({
      order: 1,
      role: 'user',
      content: '手动保存的消息',
      timestamp: '2026-01-02T03:04:05.000Z',
      tokens_estimated: true,
    });

    const del = await ctx.inject({ method: 'DELETE', url: `/api/cache/delete-history?session_id=${session_id}`, headers: bearer(token) });
    expect(del.json()).toMatchObject({ success: true, message: '删除成功' });
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${session_id}`, headers: bearer(token) })).statusCode,
    ).toBe(404);
  });

  it('shows every persona’s greeting and questions but never its system prompt', async () => {
    for (const key of [...BUILT_IN_SERVICE_TYPES.map((t) => t.key), 'defaultai']) {
      const res = await ctx.inject({ method: 'GET', url: `/api/chat/persona/${key}` });
      expect(res.statusCode, key).toBe(200);
      const data = res.json().data;
      expect(data.greeting.length, key).toBeGreaterThan(10);
      expect(data.suggested_questions.length, key).toBeGreaterThanOrEqual(3);
      expect(data.suggested_questions.length, key).toBeLessThanOrEqual(4);
      expect(JSON.stringify(res.json()), key).not.toContain('通用守则');
    }
    expect((await ctx.inject({ method: 'GET', url: '/api/chat/persona/defaultai' })).json().data.title).toBe('综合咨询');
    expect((await ctx.inject({ method: 'GET', url: '/api/chat/persona/unknown' })).statusCode).toBe(404);
  });

  it('answers token statistics to admins only, by session or phone, with estimated counts flagged', async () => {
    const admin = await registerChatUser(ctx, { phone: ADMIN_PHONE });
    const user = await registerChatUser(ctx);
    const { session_id } = await newChat(ctx, user.token, 'learning');
    await stream(user.token, { type: 'learning', query: '怎么提高专注力？', key: session_id });
    const url = (q: string) => `/api/stats/token-usage?${q}`;

    expect((await ctx.inject({ method: 'GET', url: url(`session_id=${session_id}`) })).statusCode).toBe(401);
    const forbidden = await ctx.inject({ method: 'GET', url: url(`session_id=${session_id}`), headers: bearer(user.token) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().success).toBe(false);
    const none = await ctx.inject({ method: 'GET', url: url('session_id=%20&phone='), headers: bearer(admin.token) });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('请输入 session_id 或手机号');

    const bySession = (await ctx.inject({ method: 'GET', url: url(`session_id=${session_id}`), headers: bearer(admin.token) })).json();
    expect(bySession.data.sessions).toHaveLength(1);
    const s = bySession.data.sessions[0];
    expect(s.user_tokens).toBeGreaterThan(100); // the question is charged with everything sent: persona prompt included
    expect(s.assistant_tokens).toBeGreaterThan(10);
    expect(s.total_tokens).toBe(s.user_tokens + s.assistant_tokens);
    expect(bySession).toMatchObject({
      total_tokens: s.total_tokens,
      user_tokens: s.user_tokens,
      assistant_tokens: s.assistant_tokens,
      estimated_messages: 2,
    });

    const byPhone = (await ctx.inject({ method: 'GET', url: url(`phone=%20${user.phone}%20`), headers: bearer(admin.token) })).json();
    expect(byPhone.data.total_tokens).toBe(s.total_tokens);
    const both = (
      await ctx.inject({ method: 'GET', url: url(`session_id=${session_id}&phone=${admin.phone}`), headers: bearer(admin.token) })
    ).json();
    expect(both.data.sessions).toEqual([]);
  });
});
