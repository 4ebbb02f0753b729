import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../apps/server/test/support/fake-openai';
import { startBareRelay } from './bare-relay-process';
import { readStream } from './chat-streams';

// bench:chat's floor is only a floor if it relays what the server relays: every chunk, in order, then `final`.
let fake: FakeOpenAi;
let relay: Awaited<ReturnType<typeof startBareRelay>>;
beforeAll(async () => {
  fake = await startFakeOpenAi({ record: false, chunkCount: 5, chunkDelayMs: 1, chunkText: (i) => `⟦${Date.now() - i}⟧` });
  relay = await startBareRelay(fake.url);
}, 30_000);
afterAll(async () => {
  await relay?.stop();
  await fake?.close();
});

test('the bare relay passes every upstream chunk on as an SSE data line and ends with final', async () => {
  const res = await fetch(relay.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '你好' }),
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const delays: number[] = [];
  const stats = await readStream(res, 5, delays);
  expect(stats).toMatchObject({ ok: true, chunks: 5 });
  expect(delays.every((d) => d >= 0)).toBe(true);
  expect(relay.cpuMs()).toBeGreaterThan(0);
});
