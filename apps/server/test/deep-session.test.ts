import { ORDER_MSG } from '@lingxi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { chatClient, readAll } from './support/chat-client';
import { dbTargets } from './support/databases';
import { startFakeOpenAi, type FakeOpenAi } from './support/fake-openai';
import { buyDeep, entitlementsOf, getOrder, setRepliesLeft } from './support/orders';
import { listenApp, usePayFakes } from './support/pay-fakes';
import { until } from './support/until';
import { bearer, registerUser, sendCode } from './support/users';
import { FakeBrowser, confirmOnPhone, newPersona } from './support/wechat-browser';

const CHART = {
  year: '1990',
  month: '05',
  day: '20',
  hour: '08',
  minute: '05',
  isLeapMonth: false,
  gender: 'male',
  calendarType: 'solar',
  birth_place: '北京北京',
};

/**
 * The deep session a paid order opens (issue 14): what makes a deep reply deep, the count of deep replies (down only
 * when a reply completes, atomically, in the final write), the 深度总结, and who may use it.
 */
describe.each(dbTargets)('deep sessions on %s', (target) => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key', slowDelayMs: 40, slowChunks: 20 });
  });
  afterAll(async () => fake?.close());
  const fakes = usePayFakes();
  beforeAll(() => {
    Object.assign(fakes.env, {
      LLM_PROVIDER: 'openai',
      LLM_API_KEY: 'test-key',
      LLM_MODEL: 'fake-model',
      LLM_BASE_URL: fake.url,
      LLM_FIRST_BYTE_TIMEOUT_MS: '800',
      CHAT_PERSIST_INTERVAL_MS: '50',
      CHAT_RATE_PER_MINUTE: '1000',
      // The upstream's last request must be the reply itself, not the follow-up chips' second call.
      CHAT_FOLLOW_UPS: 'off',
      CHAT_MODEL_TITLES: 'off',
    });
  });
  const ctx = useTestApp(target, { env: fakes.env, build: { now: fakes.clock.now } });
  listenApp(ctx, fakes);
  const base = () => `http://127.0.0.1:${fakes.appPort}`;

  /** A new user with a paid bazi deep service: its token and deep session. */
  async function deepBuyer(o: { chart?: boolean } = {}) {
    const u = await registerUser(ctx);
    if (o.chart) {
      const res = await ctx.inject({ method: 'POST', url: '/api/bazi-paipan/paipan', headers: bearer(u.token), payload: CHART });
      expect(res.statusCode, res.body).toBe(200);
    }
    const order = await buyDeep(ctx, u.token);
    await fakes.wechat.pay(order.order_id);
    const { session_id } = (await getOrder(ctx, u.token, order.order_id)).body.data;
    return { ...u, orderId: order.order_id, sessionId: session_id as string };
  }
  const left = async (token: string, sessionId: string) =>
    (await chatClient(token).detail(base(), sessionId)).body.data as unknown as { deep: { replies_left: number } };
  const remaining = async (token: string, sessionId: string) => (await left(token, sessionId)).deep.replies_left;

  it('answers a deep reply with the deep prompt, the larger reply budget and the whole saved chart; a free reply gets none of it', async () => {
    const u = await deepBuyer({ chart: true });
    const c = chatClient(u.token);

    const free = await c.newChat(base(), 'bazi');
    await readAll(await c.send(base(), free, '我的日主是什么？'));
    const freeReq = fake.last()?.body;
    expect(freeReq?.max_tokens).toBe(2048);
    expect(freeReq?.messages[0]?.content).toContain('【用户命盘摘要】');
    expect(freeReq?.messages[0]?.content).not.toContain('深度服务守则');

    const res = await c.send(base(), u.sessionId, '请深入分析我的事业方向');
    expect(res.status).toBe(200);
    const { events, final } = await readAll(res);
    const deepReq = fake.last()?.body;
    expect(deepReq?.max_tokens).toBe(4096);
    const system = deepReq?.messages[0]?.content ?? '';
    expect(system).toContain('【深度服务守则】');
    expect(system).toContain('【本伙伴的深度回复方式】');
    expect(system).toContain('【用户完整命盘】');
    expect(system).toMatch(/藏干/);
    expect(system).toMatch(/大运：\n- /);
    expect(JSON.parse(events.find((e) => e.event === 'meta')?.data ?? '{}').deep).toEqual({ remaining: 20 });
    expect(JSON.parse(final?.data ?? '{}')).toMatchObject({ status: 'done', deep: { remaining: 19 } });
    expect(await remaining(u.token, u.sessionId)).toBe(19);
    expect((await getOrder(ctx, u.token, u.orderId)).body.data.remaining).toBe(19);
  });

  it('does not count a reply that fails, times out, errors mid-stream or is stopped by the user', async () => {
    const u = await deepBuyer();
    const c = chatClient(u.token);
    for (const mode of ['http-error', 'error-mid-stream', 'stalled']) {
      const { final, error } = await readAll(await c.send(base(), u.sessionId, `问题 [fake:${mode}]`));
      expect(final, mode).toBeUndefined();
      expect(error, mode).toBeDefined();
      expect(await remaining(u.token, u.sessionId), mode).toBe(20);
    }
    const stop = new AbortController();
    const streaming = await c.send(base(), u.sessionId, '说长一点 [fake:slow]', { signal: stop.signal });
    expect(streaming.status).toBe(200);
    await until(
      () => c.detail(base(), u.sessionId),
      (d) => (d.body.data.messages.at(-1)?.content ?? '').length > 0,
    );
    stop.abort();
    await streaming.text().catch(() => '');
    const stopped = await until(
      () => c.detail(base(), u.sessionId),
      (d) => d.body.data.messages.at(-1)?.status === 'aborted',
    );
    expect(stopped.body.data.messages.at(-1)?.status).toBe('aborted');
    expect(await remaining(u.token, u.sessionId)).toBe(20);
    // A completed regenerate is a deep reply too.
    const { final } = await readAll(await c.send(base(), u.sessionId, '', { regenerate: true }));
    expect(JSON.parse(final?.data ?? '{}').deep).toEqual({ remaining: 19 });
  });

  it('lets two concurrent sends spend the last reply once: one answer, the other refused, never below zero, then used up', async () => {
    const u = await deepBuyer();
    await setRepliesLeft(ctx, u.sessionId, 1);
    const c = chatClient(u.token);
    const [a, b] = await Promise.all([
      c.send(base(), u.sessionId, '第一问 [fake:slow]'),
      c.send(base(), u.sessionId, '第二问 [fake:slow]'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const answered = a.status === 200 ? a : b;
    await (a.status === 200 ? b : a).text();
    const { final } = await readAll(answered);
    expect(JSON.parse(final?.data ?? '{}').deep).toEqual({ remaining: 0 });
    expect((await entitlementsOf(ctx, u.orderId))[0]?.repliesLeft).toBe(0);

    for (const attempt of [c.send(base(), u.sessionId, '还有吗？'), c.send(base(), u.sessionId, '', { regenerate: true })]) {
      const res = await attempt;
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe(ORDER_MSG.usedUp);
    }
    const detail = (await c.detail(base(), u.sessionId)).body.data;
    expect(detail.messages.filter((m) => m.role === 'assistant')).toHaveLength(1);
    expect((await getOrder(ctx, u.token, u.orderId)).body.data.remaining).toBe(0);
  });

  it('keeps the deep session to its owner: another user can neither send in it nor summarise it', async () => {
    const u = await deepBuyer();
    const other = await registerUser(ctx);
    const res = await chatClient(other.token).send(base(), u.sessionId, '我也想问');
    expect(res.status).toBe(404);
    const summary = await ctx.inject({
      method: 'POST',
      url: '/api/chat/deep-summary',
      headers: bearer(other.token),
      payload: { session_id: u.sessionId },
    });
    expect(summary.statusCode).toBe(404);
    expect(await remaining(u.token, u.sessionId)).toBe(20);
  });

  it('writes and saves a 深度总结 on request, without spending a deep reply, at most three times; a failed one is given back', async () => {
    const u = await deepBuyer();
    const summarize = (sessionId = u.sessionId) =>
      ctx.inject({ method: 'POST', url: '/api/chat/deep-summary', headers: bearer(u.token), payload: { session_id: sessionId } });
    const early = await summarize();
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(ORDER_MSG.noSummaryYet);

    await readAll(await chatClient(u.token).send(base(), u.sessionId, '帮我总结一下最近的困惑'));
    fake.mode = 'http-error';
    const failed = await summarize();
    fake.mode = 'normal';
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('深度总结生成失败，请稍后重试');

    const first = await summarize();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ summary: expect.stringContaining('测试模型'), summaries_left: 2 });
    const req = fake.last()?.body;
    expect(req?.messages[0]?.content).toContain('深度总结');
    expect(req?.messages[1]?.content).toContain('用户：帮我总结一下最近的困惑');
    const detail = (await left(u.token, u.sessionId)) as unknown as {
      deep: { summary: string; summaries_left: number; replies_left: number };
    };
    expect(detail.deep).toMatchObject({ summary: first.json().data.summary, summaries_left: 2, replies_left: 19 });

    expect((await summarize()).statusCode).toBe(200);
    expect((await summarize()).json().data.summaries_left).toBe(0);
    const over = await summarize();
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(ORDER_MSG.summaryLimit);

    const free = await chatClient(u.token).newChat(base(), 'bazi');
    expect((await summarize(free)).json().message).toBe(ORDER_MSG.notDeep);
  });

  it('reopens a deep session the user deleted, with the replies that were left, once', async () => {
    const u = await deepBuyer();
    await setRepliesLeft(ctx, u.sessionId, 7);
    expect((await chatClient(u.token).remove(base(), u.sessionId)).status).toBe(200);
    expect((await getOrder(ctx, u.token, u.orderId)).body.data).toMatchObject({ session_id: null, remaining: 7 });
    const reopen = () => ctx.inject({ method: 'POST', url: `/api/orders/${u.orderId}/session`, headers: bearer(u.token) });
    const res = await reopen();
    expect(res.statusCode, res.body).toBe(200);
    const { session_id } = res.json().data;
    expect(session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await remaining(u.token, session_id)).toBe(7);
    const again = await reopen();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_MSG.reopenNotNeeded);
  });

  it('carries a WeChat-only account’s paid order and deep session over when it joins the account of the phone it binds', async () => {
    const existing = await registerUser(ctx, { name: '老用户' });
    const browser = () => new FakeBrowser(base);
    const b = browser();
    const qr = await b.createQr();
    await browser().open(await confirmOnPhone(qr.data.qr_code_url, newPersona()));
    const { body } = await b.status(qr.qr_code_id);
    const login = await b.fetch('/api/auth/unified-login', {
      method: 'POST',
      json: { login_type: 'wechat', code: body.code, wechat_type: 'mp' },
    });
    const wx = (await login.json()) as { token: string; user_info: { id: string } };
    const order = await buyDeep(ctx, wx.token);
    await fakes.wechat.pay(order.order_id);
    const { session_id } = (await getOrder(ctx, wx.token, order.order_id)).body.data;

    fakes.clock.advance(61_000);
    const code = await sendCode(ctx, existing.phone, 'bind');
    const joined = await ctx.inject({
      method: 'POST',
      url: '/api/auth/bind-phone',
      payload: { phone: existing.phone, password: '', code, token: wx.token },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const token = joined.json().token as string;
    expect((await getOrder(ctx, token, order.order_id)).body.data).toMatchObject({ status: 'paid', session_id, remaining: 20 });
    expect((await entitlementsOf(ctx, order.order_id))[0]?.userId).toBe(existing.user.id);
    const { final } = await readAll(await chatClient(token).send(base(), session_id, '合并后还能继续吗？'));
    expect(JSON.parse(final?.data ?? '{}').deep).toEqual({ remaining: 19 });
  });
});
