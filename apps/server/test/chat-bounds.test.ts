import { CHAT_MSG } from '@lingxi/shared';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app';
import { chatClient, readAll } from './support/chat-client';
import { dbTargets } from './support/databases';
import { startFakeOpenAi, type FakeOpenAi } from './support/fake-openai';
import { useInstances } from './support/instances';
import { until } from './support/until';
import { registerUser } from './support/users';

/**
 * Per-user and per-session rules of the chat held across instances (issue 12 items 4 and 11): two app instances on
 * one database, as two processes or machines behind the proxy. `[fake:stalled]` keeps a reply open (the upstream
 * sends only keep-alive comments) until the client hangs up.
 */
describe.each(dbTargets)('chat bounds across two instances on %s', (target) => {
  let fake: FakeOpenAi;
  const env: Record<string, string> = {
    LLM_PROVIDER: 'openai',
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'fake-model',
    LLM_FIRST_BYTE_TIMEOUT_MS: '20000',
    CHAT_PERSIST_INTERVAL_MS: '50',
    CHAT_RATE_PER_MINUTE: '1000',
    CHAT_MAX_STREAMS_PER_USER: '2',
    // 321 + 42 tokens per answer (the fake's usage): two answers fit, the third does not.
    CHAT_DAILY_TOKENS_PER_USER: '500',
    // A writer beats every second; a row silent for 3 s lost its process.
    CHAT_STALE_REPLY_MS: '3000',
  };
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key', slowDelayMs: 40, slowChunks: 25 });
    env.LLM_BASE_URL = fake.url;
  });
  afterAll(async () => fake?.close());
  const inst = useInstances(target, 2, env);
  const A = () => inst.bases[0] as string;
  const B = () => inst.bases[1] as string;

  const users: Awaited<ReturnType<typeof registerUser>>[] = [];
  beforeAll(async () => {
    // Registration moves the shared clock (SMS cooldown): all of it happens before any reply is streaming.
    const ctx = { inject: (o: InjectOptions) => inst.apps[0]?.inject(o), advance: inst.advance } as unknown as TestContext;
    for (let i = 0; i < 6; i++) users.push(await registerUser(ctx));
  });
  const client = (i: number) => chatClient((users[i] as { token: string }).token);
  const messageText = async (res: Response) => ((await res.json()) as { message: string }).message;

  it('lets a user stream CHAT_MAX_STREAMS_PER_USER replies at once across instances, refuses the next in Chinese, and frees the slot when one ends', async () => {
    const c = client(0);
    const [s1, s2, s3] = [await c.newChat(A()), await c.newChat(B()), await c.newChat(A())];
    const stop1 = new AbortController();
    const stop2 = new AbortController();
    const r1 = await c.send(A(), s1, '一 [fake:stalled]', { signal: stop1.signal });
    const r2 = await c.send(B(), s2, '二 [fake:stalled]', { signal: stop2.signal });
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const third = await c.send(A(), s3, '三');
    expect(third.status).toBe(429);
    expect(await messageText(third)).toBe(CHAT_MSG.streamsLimit);

    stop1.abort();
    const ended = await until(
      () => c.detail(B(), s1),
      (d) => d.body.data.messages[1]?.status === 'aborted',
    );
    expect(ended.body.data.messages[1]?.status).toBe('aborted');
    const now = await c.send(A(), s3, '三');
    expect(now.status).toBe(200);
    expect((await readAll(now)).final).toBeDefined();
    stop2.abort();
  });

  it('holds the stream bound when many questions arrive at the same moment on both instances', async () => {
    const c = client(1);
    const sessions = await Promise.all(Array.from({ length: 8 }, (_, i) => c.newChat(i % 2 ? B() : A())));
    const stop = new AbortController();
    const answers = await Promise.all(
      sessions.map((s, i) => c.send(i % 2 ? B() : A(), s, `问题${i} [fake:stalled]`, { signal: stop.signal })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    stop.abort();
  });

  it('stops starting replies once the day’s tokens are spent, and starts again the next day (Beijing time)', async () => {
    const c = client(2);
    const key = await c.newChat(A());
    for (const q of ['第一问', '第二问']) {
      const res = await c.send(q === '第一问' ? A() : B(), key, q);
      expect(res.status).toBe(200);
      expect((await readAll(res)).final).toBeDefined();
    }
    const spent = await c.send(B(), key, '第三问');
    expect(spent.status).toBe(429);
    expect(await messageText(spent)).toBe(CHAT_MSG.dailyQuota);
    const used = await inst.database.db.execute(
      sql`select day::text as day, tokens from chat_usage_days where user_id = ${users[2]?.user.id}`,
    );
    const rows = (Array.isArray(used) ? used : (used as { rows: unknown[] }).rows) as { day: string; tokens: number }[];
    expect(rows).toEqual([{ day: expect.any(String), tokens: 2 * (321 + 42) }]);

    inst.advance(24 * 3_600_000);
    const tomorrow = await c.send(A(), key, '第二天');
    expect(tomorrow.status).toBe(200);
    expect((await readAll(tomorrow)).final).toBeDefined();
  });

  it('restarts a reply once when the same regenerate reaches both instances at once', async () => {
    const c = client(3);
    const key = await c.newChat(A());
    expect((await readAll(await c.send(A(), key, '讲个故事 [fake:slow]'))).final).toBeDefined();
    const [a, b] = await Promise.all([c.send(A(), key, '', { regenerate: true }), c.send(B(), key, '', { regenerate: true })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await messageText(loser)).toBe(CHAT_MSG.busy);
    const winner = await readAll(a.status === 200 ? a : b);
    const reply = (await c.detail(B(), key)).body.data.messages[1];
    // One generation: the 25 pieces once, exactly as the winning stream delivered them.
    expect(reply?.content).toBe(winner.text);
    expect(reply?.content.match(/第1段。/g)).toHaveLength(1);
    expect(reply?.status).toBe('done');
  });

  it('keeps a live reply streaming with heartbeats, and releases one whose process died after CHAT_STALE_REPLY_MS', async () => {
    const c = client(4);
    const live = await c.newChat(A());
    const stop = new AbortController();
    expect((await c.send(A(), live, '等一等 [fake:stalled]', { signal: stop.signal })).status).toBe(200);
    const beatAt = async () => {
      const r = await inst.database.db.execute(sql`select updated_at from chat_messages where session_id = ${live} and role = 'assistant'`);
      return new Date(((Array.isArray(r) ? r : (r as { rows: unknown[] }).rows)[0] as { updated_at: string }).updated_at).getTime();
    };
    const first = await beatAt();
    // No text arrives, yet the row is touched: another instance can tell the reply is alive.
    expect(await until(beatAt, (t) => t > first, 5000)).toBeGreaterThan(first);
    expect((await c.detail(B(), live)).body.data.messages[1]?.status).toBe('streaming');
    expect((await c.send(B(), live, '插话')).status).toBe(409);
    stop.abort();

    // A reply left 'streaming' by a process that died: nothing writes it any more.
    const dead = await c.newChat(B());
    const userId = users[4]?.user.id as string;
    const at = inst.now().toISOString();
    await inst.database.db
      .execute(sql`insert into chat_messages (session_id, user_id, role, content, order_num, status, message_time, updated_at, turn_token)
      values (${dead}, ${userId}, 'user', '崩溃前的问题', 1, 'done', ${at}, ${at}, null),
             (${dead}, ${userId}, 'assistant', '写了一半', 2, 'streaming', ${at}, ${at}, 'dead-process')`);
    expect((await c.detail(A(), dead)).body.data.messages[1]?.status).toBe('streaming');
    inst.advance(3_500);
    // A reloaded page stops waiting: the reply reads as aborted, and the session takes a new question.
    expect((await c.detail(A(), dead)).body.data.messages[1]).toMatchObject({ status: 'aborted', content: '写了一半' });
    const next = await c.send(A(), dead, '再问一次');
    expect(next.status).toBe(200);
    expect((await readAll(next)).final).toBeDefined();
  });

  it('stops on one instance a reply whose session was deleted through the other, cancelling the upstream call', async () => {
    const c = client(5);
    const key = await c.newChat(A());
    const before = fake.requests.length;
    const res = await c.send(A(), key, '删我 [fake:stalled]');
    expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
    const upstream = await fake.waitForRequests(before + 1);
    expect((await c.remove(B(), key)).status).toBe(200);
    // The reply's next heartbeat finds its row gone: the stream ends as stopped, not by the 20 s first-byte timeout.
    const { final, error } = await readAll(res);
    expect(error).toBeUndefined();
    expect(JSON.parse(final?.data ?? '{}')).toMatchObject({ status: 'aborted', session_id: key });
    await upstream.closed;
    expect(upstream.aborted).toBe(true);
  });
});
