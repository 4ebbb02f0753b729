import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { BLOCKED_REPLY_TEXT } from '@lingxi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAliyunModerationProvider, type ModerationScene } from '../src/modules/moderation';
import { useTestApp } from './support/app';
import { startGreenFake } from './support/aliyun-green-fake';
import { dbTargets } from './support/databases';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiOptions } from './support/fake-openai';
import { parseSseBlock } from './support/sse';
import { bearer, registerChatUser } from './support/users';

const AK = 'green-test-ak';
const SECRET = 'green-test-secret';
const SERVICES: Record<ModerationScene, string> = {
  question: 'llm_query_moderation',
  answer: 'llm_response_moderation',
  username: 'comment_detection_pro',
  session_name: 'comment_detection_pro',
  contact: 'comment_detection_pro',
  report: 'comment_detection_pro',
  emergency_name: 'comment_detection_pro',
};

let green: Awaited<ReturnType<typeof startGreenFake>>;
beforeAll(async () => {
  // Words only the cloud service knows: the shipped lexicon passes them, so a refusal here is the adapter's.
  green = await startGreenFake({
    accessKeyId: AK,
    accessKeySecret: SECRET,
    banned: { 云端违规句: 'contraband_drug', 云端政治词: 'political_content', 自我伤害: 'self_harm' },
    services: Object.values(SERVICES),
  });
});
afterAll(() => green.close());

const provider = (secret = SECRET) =>
  createAliyunModerationProvider({
    accessKeyId: AK,
    accessKeySecret: secret,
    endpoint: green.endpoint,
    protocol: 'http',
    services: SERVICES,
    blockLevels: ['high', 'medium'],
    timeoutMs: 3000,
    streamMaxChars: 50,
    onError: () => {},
  });

describe('Alibaba Cloud Content Moderation 2.0 through the official OpenAPI client, against a signature-checking fake', () => {
  it('sends TextModerationPlus with the scene’s service, signed, and maps a high-risk label to a category', async () => {
    const p = provider();
    expect(await p.check('今天天气很好', 'question')).toBeNull();
    expect(await p.check('这是一句云端违规句', 'question')).toEqual({ category: 'illegal', label: 'contraband_drug', provider: 'aliyun' });
    expect(await p.check('云端政治词出现在回答里', 'answer')).toMatchObject({ category: 'political' });
    expect(green.calls.slice(-3).map((c) => c.service)).toEqual([
      'llm_query_moderation',
      'llm_query_moderation',
      'llm_response_moderation',
    ]);
    expect(green.calls.at(-1)?.content).toBe('云端政治词出现在回答里');
  });

  it('never refuses self-harm: the crisis card answers that', async () => {
    expect(await provider().check('我想自我伤害', 'question')).toBeNull();
  });

  it('is refused by the gateway when the secret is wrong (the signature does not verify)', async () => {
    const before = green.calls.length;
    await expect(provider('not-the-secret').check('你好', 'question')).rejects.toThrow();
    expect(green.calls.length).toBe(before);
  });
});

describe.each(dbTargets)('the chat with the aliyun moderation provider on %s', (target) => {
  let fake: FakeOpenAi;
  const fakeOptions: FakeOpenAiOptions = { apiKey: 'k' };
  const env: Record<string, string> = { LLM_PROVIDER: 'openai', LLM_API_KEY: 'k', CHAT_RATE_PER_MINUTE: '1000' };
  beforeAll(async () => {
    fake = await startFakeOpenAi(fakeOptions);
    env.LLM_BASE_URL = fake.url;
  });
  afterAll(async () => fake?.close());
  // A getter: the app is built in a beforeAll, once the fake gateway is listening.
  const ctx = useTestApp(target, {
    env,
    build: {
      get moderationProvider() {
        return provider();
      },
    },
  });
  let base = '';
  let token = '';
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    token = (await registerChatUser(ctx)).token;
  });
  const send = async (query: string) => {
    const key = (
      await ctx.inject({
        method: 'POST',
        url: '/api/chat/chat-new',
        headers: bearer(token),
        payload: { type: 'general', query: '', key: randomUUID() },
      })
    ).json().session_id as string;
    return fetch(`${base}/api/chat/chat-streaming`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'general', query, key }),
    });
  };
  const read = async (res: Response) => {
    const raw = await res.text();
    let text = '';
    let final: { status: string; content: string } | null = null;
    for (const block of raw.split('\n\n')) {
      const e = parseSseBlock(block);
      if (e?.event === 'message') text += e.data;
      if (e?.event === 'final') final = JSON.parse(e.data);
    }
    return { raw, text, final };
  };

  it('refuses a question the cloud service refuses, before it reaches the model', async () => {
    const before = fake.requests.length;
    const res = await send('请帮我看看这句云端违规句');
    expect(res.status).toBe(422);
    expect(fake.requests.length).toBe(before);
  });

  it('checks the reply a sentence at a time and stops it at the sentence the service refuses', async () => {
    fakeOptions.chunks = ['第一句没问题。', '第二句有云端', '违规句在这里。', '第三句。'];
    const { raw, text, final } = await read(await send('聊聊'));
    expect(text).toBe('第一句没问题。');
    expect(raw).not.toContain('违规句');
    expect(final).toMatchObject({ status: 'blocked', content: BLOCKED_REPLY_TEXT });
    const checked = green.calls.filter((c) => c.service === 'llm_response_moderation').map((c) => c.content);
    expect(checked).toContain('第一句没问题。');
  });

  it('answers on the lexicon alone while the cloud service is unreachable', async () => {
    fakeOptions.chunks = ['好的。'];
    green.down = true;
    try {
      const { final } = await read(await send('你好'));
      expect(final).toMatchObject({ status: 'done', content: '好的。' });
    } finally {
      green.down = false;
    }
  });
});
