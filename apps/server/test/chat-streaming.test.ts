import type { SessionDetail } from '@lingxi/shared';
import { randomUUID } from 'node:crypto';
import { parseSseBlock } from './support/sse';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baziCharts, chatMessages } from '../src/db/schema';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { DEFAULT_USAGE, startFakeOpenAi, type FakeMode, type FakeOpenAi } from './support/fake-openai';
import { bearer, registerChatUser } from './support/users';
import { until } from './support/until';

/**
 * The real provider adapter (OpenAI-compatible streaming over node:http) against the fake OpenAI-compatible server, through the app listening on a
 * real port, read by fetch like the browser does: cancellation, timeouts, persistence mid-stream, usage accounting.
 */
interface SseEvent {
  event: string;
  data: string;
}

/** Reads an SSE response incrementally; `until` stops reading early and leaves the stream open (the caller may abort). */
async function readSse(res: Response, until?: (text: string, events: SseEvent[]) => boolean) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  let raw = '';
  let text = '';
  const events: SseEvent[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const s = decoder.decode(value, { stream: true });
    raw += s;
    buf += s;
    let i: number;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const e = parseSseBlock(block);
      if (!e) continue;
      if (e.event === 'message') text += e.data;
      else events.push(e);
    }
    if (until?.(text, events)) {
      reader.releaseLock();
      break;
    }
  }
  const named = (n: string) => {
    const e = events.find((x) => x.event === n);
    return e ? JSON.parse(e.data) : undefined;
  };
  return { raw, text, events, final: named('final'), error: named('error'), meta: named('meta') };
}

describe.each(dbTargets)('chat streaming through an OpenAI-compatible upstream on %s', (target) => {
  let fake: FakeOpenAi;
  const env: Record<string, string> = {
    LLM_PROVIDER: 'openai',
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'fake-model',
    LLM_MAX_TOKENS: '777',
    LLM_FIRST_BYTE_TIMEOUT_MS: '400',
    LLM_IDLE_TIMEOUT_MS: '400',
    CHAT_PERSIST_INTERVAL_MS: '50',
    CHAT_HEARTBEAT_MS: '100',
    CHAT_RATE_PER_MINUTE: '1000',
  };
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key', slowDelayMs: 60 });
    env.LLM_BASE_URL = fake.url;
  });
  const ctx = useTestApp(target, { env });
  let base = '';
  let token = '';
  let userId = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const u = await registerChatUser(ctx);
    token = u.token;
    userId = u.user.id;
  });
  afterAll(async () => fake?.close());

  const newChat = async (type = 'general') => {
    const res = await fetch(`${base}/api/chat/chat-new`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ type, query: '', key: randomUUID() }),
    });
    return ((await res.json()) as { session_id: string }).session_id;
  };
  const send = (key: string, query: string, o: { type?: string; signal?: AbortSignal; regenerate?: boolean } = {}) =>
    fetch(`${base}/api/chat/chat-streaming`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ type: o.type ?? 'general', query, key, regenerate: o.regenerate }),
      signal: o.signal,
    });
  const detail = async (key: string) =>
    (
      (await (await fetch(`${base}/api/cache/session-detail?session_id=${key}`, { headers: bearer(token) })).json()) as {
        data: SessionDetail;
      }
    ).data as {
      messages: {
        order: number;
        role: string;
        content: string;
        status: string;
        tokens: number;
        tokens_estimated: boolean;
        safety: { crisis: boolean };
      }[];
    };
  const withMode = async (mode: FakeMode, fn: () => Promise<void>) => {
    fake.mode = mode;
    try {
      await fn();
    } finally {
      fake.mode = 'normal';
    }
  };

  it('relays multi-line chunks intact, sends the persona prompt, max_tokens and include_usage upstream, and stores provider usage', async () => {
    const key = await newChat('psychology');
    const before = fake.requests.length;
    const res = await send(key, '最近压力很大，怎么办？', { type: 'psychology' });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const out = await readSse(res);
    expect(out.text).toBe('你好，我是测试模型。\n\n- 第一点\n- 第二点\n\n祝你顺利！');
    expect(out.final).toMatchObject({
      content: out.text,
      role: 'assistant',
      status: 'done',
      model_info: { provider: 'openai', model: 'fake-model' },
    });

    const req = fake.requests[before]!;
    expect(req.headers.authorization).toBe('Bearer test-key');
    expect(req.body).toMatchObject({ model: 'fake-model', max_tokens: 777, stream: true, stream_options: { include_usage: true } });
    expect(req.body.messages[0]!.role).toBe('system');
    expect(req.body.messages[0]!.content).toContain('心理陪伴伙伴');
    expect(req.body.messages[0]!.content).toContain('不做任何心理或精神疾病的诊断');
    expect(req.body.messages.at(-1)).toEqual({ role: 'user', content: '最近压力很大，怎么办？' });

    const { messages } = await detail(key);
    expect(messages[0]).toMatchObject({ role: 'user', tokens: DEFAULT_USAGE.prompt_tokens, tokens_estimated: false });
    expect(messages[1]).toMatchObject({
      role: 'assistant',
      status: 'done',
      tokens: DEFAULT_USAGE.completion_tokens,
      tokens_estimated: false,
    });
  });

  it('estimates and flags usage when the provider reports none', async () => {
    await withMode('no-usage', async () => {
      const key = await newChat();
      await readSse(await send(key, '你好'));
      const { messages } = await detail(key);
      expect(messages[0]!.tokens_estimated).toBe(true);
      expect(messages[0]!.tokens).toBeGreaterThan(100);
      expect(messages[1]).toMatchObject({ tokens_estimated: true, status: 'done' });
      expect(messages[1]!.tokens).toBeGreaterThan(5);
    });
  });

  it('cancels the upstream request when the browser goes away and keeps the partial reply as aborted', async () => {
    await withMode('slow', async () => {
      const key = await newChat();
      const ac = new AbortController();
      const before = fake.requests.length;
      const res = await send(key, '讲一个很长的故事', { signal: ac.signal });
      const got = await readSse(res, (text) => text.includes('第3段'));
      ac.abort();
      const upstream = await fake.waitForRequests(before + 1);
      await upstream.closed;
      expect(upstream.aborted).toBe(true);
      const after = await until(
        () => detail(key),
        (d) => d.messages[1]?.status === 'aborted',
      );
      expect(after.messages[1]!.status).toBe('aborted');
      expect(after.messages[1]!.content.startsWith(got.text.slice(0, 6))).toBe(true);
      expect(after.messages[1]!.content).toContain('第3段');
    });
  });

  it('shows the reply growing with status streaming to a refresh mid-stream, with a heartbeat on the wire', async () => {
    await withMode('slow', async () => {
      const key = await newChat();
      const ac = new AbortController();
      const res = await send(key, '慢慢说', { signal: ac.signal });
      const got = await readSse(res, (text) => text.includes('第8段'));
      expect(got.raw).toContain(': ping\n\n');
      const mid = await until(
        () => detail(key),
        (d) => (d.messages[1]?.content ?? '').includes('第6段'),
      );
      expect(mid.messages[1]).toMatchObject({ role: 'assistant', status: 'streaming' });
      expect(mid.messages[1]!.content).toContain('第1段。第2段。');
      const liveGauge = async () =>
        /lingxi_chat_live_streams (\d+)/.exec((await ctx.inject({ method: 'GET', url: '/api/metrics' })).body)?.[1];
      expect(await liveGauge()).toBe('1');
      ac.abort();
      const end = await until(
        () => detail(key),
        (d) => d.messages[1]?.status === 'aborted',
      );
      expect(end.messages[1]!.status).toBe('aborted');
      expect(await liveGauge()).toBe('0');
    });
  });

  it('fails with a timeout when no first chunk arrives (keep-alive comments do not count) and cancels upstream', async () => {
    await withMode('stalled', async () => {
      const key = await newChat();
      const before = fake.requests.length;
      const started = Date.now();
      const out = await readSse(await send(key, '你好'));
      expect(Date.now() - started).toBeLessThan(3000);
      expect(out.error).toEqual({ code: 'timeout', message: '系统思考超时，请稍后重试' });
      expect(out.final).toBeUndefined();
      const upstream = fake.requests[before]!;
      await upstream.closed;
      expect(upstream.aborted).toBe(true);
      expect((await detail(key)).messages[1]).toMatchObject({ status: 'error', content: '' });
    });
  });

  it('fails with a timeout when the upstream goes silent mid-reply, keeping what arrived', async () => {
    await withMode('stall-after-first', async () => {
      const key = await newChat();
      const out = await readSse(await send(key, '你好'));
      expect(out.error?.code).toBe('timeout');
      expect(out.text).toBe('你好，我是测试模型。');
      expect((await detail(key)).messages[1]).toMatchObject({ status: 'error', content: '你好，我是测试模型。' });
    });
  });

  it('reports an upstream failure mid-stream or at the start as an error event and stores the status', async () => {
    for (const mode of ['error-mid-stream', 'http-error'] as const) {
      await withMode(mode, async () => {
        const key = await newChat();
        const out = await readSse(await send(key, '你好'));
        expect(out.error, mode).toEqual({ code: 'upstream', message: '模型服务暂时不可用，请稍后重试' });
        expect((await detail(key)).messages[1]!.status, mode).toBe('error');
      });
    }
    // The plain endpoint answers the same failure as JSON.
    await withMode('http-error', async () => {
      const key = await newChat();
      const res = await fetch(`${base}/api/chat/chat`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'general', query: '你好', key }),
      });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ success: false, message: '模型服务暂时不可用，请稍后重试' });
    });
  });

  it('refuses a second question while a reply in the same session is still streaming', async () => {
    await withMode('slow', async () => {
      const key = await newChat();
      const ac = new AbortController();
      const first = await send(key, '第一问', { signal: ac.signal });
      await readSse(first, (t) => t.length > 0);
      const second = await send(key, '第二问');
      expect(second.status).toBe(409);
      expect(await second.json()).toMatchObject({ success: false, message: '上一条回复尚未完成，请稍候' });
      ac.abort();
      await until(
        () => detail(key),
        (d) => d.messages[1]?.status === 'aborted',
      );
    });
  });

  it('regenerates the last reply from the same question without the old answer in the history', async () => {
    const key = await newChat();
    await readSse(await send(key, '第一个问题'));
    await readSse(await send(key, '第二个问题'));
    const before = fake.requests.length;
    const again = await readSse(await send(key, '', { regenerate: true }));
    expect(again.final).toMatchObject({ order: 4, status: 'done' });
    const sent = fake.requests[before]!.body.messages;
    expect(sent.at(-1)).toEqual({ role: 'user', content: '第二个问题' });
    expect(sent.filter((m) => m.role === 'assistant')).toHaveLength(1);
    expect((await detail(key)).messages).toHaveLength(4);
  });

  it('trims old history to the token budget but always sends the newest question', async () => {
    const key = await newChat();
    const long = (n: number) => `第${n}轮：${'很长的内容。'.repeat(700)}`;
    for (let i = 1; i <= 6; i += 1) {
      for (const role of ['user', 'assistant'] as const) {
        await fetch(`${base}/api/cache/save-message`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify({ session_id: key, user_id: userId, role, content: long(i) }),
        });
      }
    }
    const before = fake.requests.length;
    await readSse(await send(key, '总结一下'));
    const sent = fake.requests[before]!.body.messages;
    expect(sent.at(-1)).toEqual({ role: 'user', content: '总结一下' });
    expect(sent.length).toBeLessThan(2 + 12);
    expect(sent.some((m) => m.content.startsWith('第6轮'))).toBe(true);
    expect(sent.some((m) => m.content.startsWith('第1轮'))).toBe(false);
    expect(sent[1]!.role).toBe('user');
  });

  it('grounds a fortune-telling persona in the user’s latest saved chart and stores it as content_rag', async () => {
    const result = {
      gender: 'male',
      solar_date: '1990-05-12 08:30',
      birth_place: '北京市北京市',
      pillars: {
        year: { gan: '庚', zhi: '午', shi_shen: '七杀', na_yin: '路旁土' },
        month: { gan: '辛', zhi: '巳', shi_shen: '正官', na_yin: '白蜡金' },
        day: { gan: '甲', zhi: '子', shi_shen: '日主', na_yin: '海中金' },
        hour: { gan: '戊', zhi: '辰', shi_shen: '偏财', na_yin: '大林木' },
      },
      day_master: { gan: '甲', wu_xing: '木', yin_yang: '阳' },
      wu_xing_count: { 木: 1, 火: 2, 土: 3, 金: 2, 水: 0 },
      da_yun: [{ gan_zhi: '甲申', start_age: 0, end_age: 200, start_year: 1990, end_year: 2190 }],
    };
    await ctx.database.db.insert(baziCharts).values({ userId, input: { year: 1990 }, result });
    const key = await newChat('bazi');
    const before = fake.requests.length;
    await readSse(await send(key, '我的日主是什么？', { type: 'bazi' }));
    const system = fake.requests[before]!.body.messages[0]!.content;
    expect(system).toContain('【用户命盘摘要】');
    expect(system).toContain('年柱 庚午');
    expect(system).toContain('日主：甲（阳木）');
    expect(system).toContain('五行分布：木1 火2 土3 金2 水0（缺水）');
    expect(system).toContain('当前大运：甲申');
    const [question] = await ctx.database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, key)).limit(1);
    expect(question!.contentRag).toContain('日主：甲（阳木）');

    // Companion personas do not receive the chart.
    const other = await newChat('career');
    const at = fake.requests.length;
    await readSse(await send(other, '简历怎么写？', { type: 'career' }));
    expect(fake.requests[at]!.body.messages[0]!.content).not.toContain('命盘摘要');
  });

  it('passes a trailing generated-by disclaimer through untouched (the client strips it)', async () => {
    await withMode('generated-by', async () => {
      const key = await newChat();
      const out = await readSse(await send(key, '你好'));
      expect(out.final.content.endsWith('本回答由 fake-model 生成')).toBe(true);
    });
  });
});
