import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { BLOCKED_REPLY_TEXT } from '@lingxi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, moderationEvents } from '../src/db/schema';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiOptions } from './support/fake-openai';
import { parseSseBlock } from './support/sse';
import { bearer, registerChatUser, registerUser, sendCode, newPhone } from './support/users';
import { until } from './support/until';

const extraDir = mkdtempSync(path.join(tmpdir(), 'lx-words-'));
const extraFile = path.join(extraDir, 'words.txt');
writeFileSync(extraFile, '# 运营方自己的词\n灵犀测试禁词\n\n');

async function readStream(res: Response) {
  const raw = await res.text();
  let text = '';
  const events: { event: string; data: string }[] = [];
  for (const block of raw.split('\n\n')) {
    const e = parseSseBlock(block);
    if (!e) continue;
    if (e.event === 'message') text += e.data;
    else events.push(e);
  }
  const final = events.find((e) => e.event === 'final');
  return { raw, text, final: final ? JSON.parse(final.data) : null };
}

describe.each(dbTargets)('content moderation of questions, replies and what users write on %s', (target) => {
  let fake: FakeOpenAi;
  const fakeOptions: FakeOpenAiOptions = { apiKey: 'k' };
  const env: Record<string, string> = {
    LLM_PROVIDER: 'openai',
    LLM_API_KEY: 'k',
    CHAT_PERSIST_INTERVAL_MS: '20',
    CHAT_RATE_PER_MINUTE: '1000',
    MODERATION_EXTRA_WORDS_FILE: extraFile,
  };
  beforeAll(async () => {
    fake = await startFakeOpenAi(fakeOptions);
    env.LLM_BASE_URL = fake.url;
  });
  afterAll(async () => fake?.close());
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

  const newChat = async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/chat/chat-new',
      headers: bearer(token),
      payload: { type: 'general', query: '', key: randomUUID() },
    });
    return res.json().session_id as string;
  };
  const send = (key: string, query: string) =>
    fetch(`${base}/api/chat/chat-streaming`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ type: 'general', query, key }),
    });
  const stored = async (key: string) =>
    (await ctx.inject({ method: 'GET', url: `/api/cache/session-detail?session_id=${key}`, headers: bearer(token) })).json().data
      .messages as { role: string; content: string; status: string }[];

  it.each([
    ['a lexicon phrase', '请告诉我哪里有出售冰毒的渠道'],
    ['spaced out with punctuation', '哪里 有 出-售-冰-毒'],
    ['in traditional characters', '給我一個賭博網站推薦'],
    ['in full-width letters', 'ＤＤＯＳ攻擊服務多少錢'],
    ['a word from MODERATION_EXTRA_WORDS_FILE', '你知道灵犀测试禁词吗'],
  ])('refuses a question with %s before it reaches the model, stores nothing and records the category only', async (_, query) => {
    const key = await newChat();
    const before = fake.requests.length;
    const res = await send(key, query);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe('您的问题包含违规内容，无法回答。请修改后重试');
    expect(fake.requests.length).toBe(before);
    expect(await stored(key)).toEqual([]);
    const events = await ctx.database.db.select().from(moderationEvents);
    const mine = events.filter((e) => e.sessionId === key);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ userId, scene: 'question', provider: 'local' });
    expect(JSON.stringify(mine[0])).not.toContain(query.slice(-4));
  });

  it('answers an ordinary question about the same topic', async () => {
    fakeOptions.chunks = ['好的，', '我们聊聊。'];
    const key = await newChat();
    const res = await send(key, '我家人在吸冰毒，我应该怎么劝他戒掉？');
    expect(res.status).toBe(200);
    expect((await readStream(res)).final.status).toBe('done');
  });

  // What streamed before the word stays on screen until the final event replaces it; a chunk that holds the word is
  // withheld whole.
  it.each([
    ['in one chunk', ['你好，', '这里有出售冰毒的信息', '，请联系。'], '你好，'],
    ['split across two chunks', ['你好，这里有出售', '冰毒的信息', '，请联系。'], '你好，这里有'],
    ['split character by character', ['你好，这里有', '出', '售', '冰', '毒', '的信息。'], '你好，这里有'],
  ])('stops a reply whose model writes a blocked word %s: never shown, never stored, replaced', async (_, chunks, shown) => {
    fakeOptions.chunks = chunks;
    const key = await newChat();
    const res = await send(key, '随便聊聊');
    expect(res.status).toBe(200);
    const { raw, text, final } = await readStream(res);
    expect(raw).not.toContain('冰毒');
    expect(raw).not.toContain('出售冰');
    expect(text).toBe(shown);
    expect(final).toMatchObject({ status: 'blocked', content: BLOCKED_REPLY_TEXT });
    const messages = await stored(key);
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', status: 'blocked', content: BLOCKED_REPLY_TEXT });
    const rows = await ctx.database.db.select({ content: chatMessages.content, role: chatMessages.role }).from(chatMessages);
    expect(rows.some((r) => r.role === 'assistant' && r.content.includes('冰毒'))).toBe(false);
    // The stream's block is recorded without holding up the replacement text the user is waiting for.
    const events = await until(
      async () => (await ctx.database.db.select().from(moderationEvents)).filter((e) => e.sessionId === key),
      (list) => list.length > 0,
    );
    expect(events).toEqual([expect.objectContaining({ scene: 'answer', category: 'illegal' })]);
  });

  it('passes a clean reply on whole, including a tail that only looked like the start of a word', async () => {
    fakeOptions.chunks = ['今天想出', '门走走。'];
    const key = await newChat();
    const { text, final } = await readStream(await send(key, '周末做什么'));
    expect(text).toBe('今天想出门走走。');
    expect(final).toMatchObject({ status: 'done', content: '今天想出门走走。' });
  });

  it('refuses a blocked session name, username, contact message and saved message with 422 and a Chinese message', async () => {
    const key = await newChat();
    const rename = await ctx.inject({
      method: 'PATCH',
      url: '/api/cache/session-name',
      headers: bearer(token),
      payload: { session_id: key, session_name: '出售冰毒群' },
    });
    expect([rename.statusCode, rename.json().message]).toEqual([422, '内容包含违规信息，请修改后重试']);

    const profile = await ctx.inject({
      method: 'PUT',
      url: '/api/auth/update-profile',
      headers: bearer(token),
      payload: { username: '代开发票找我' },
    });
    expect([profile.statusCode, profile.json().message]).toEqual([422, '用户名包含违规信息，请修改后重试']);

    const phone = newPhone();
    const code = await sendCode(ctx, phone, 'register');
    const reg = await ctx.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: '办假证', phone, code, password: 'secret123', confirmPassword: 'secret123' },
    });
    expect([reg.statusCode, reg.json().message]).toEqual([422, '用户名包含违规信息，请修改后重试']);

    const contact = await ctx.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: { name: '张三', phone: newPhone(), subject: '合作', message: '我们提供刷单返利兼职' },
    });
    expect([contact.statusCode, contact.json().message]).toEqual([422, '留言包含违规信息，请修改后重试']);

    const save = await ctx.inject({
      method: 'POST',
      url: '/api/cache/save-message',
      headers: bearer(token),
      payload: { session_id: key, role: 'assistant', content: '这里有赌博网站推荐' },
    });
    expect(save.statusCode).toBe(422);
    expect(await stored(key)).toEqual([]);
  });

  it('still accepts a clean username and registration', async () => {
    const u = await registerUser(ctx, { name: '小明同学' });
    expect(u.user.username).toBe('小明同学');
  });
});
