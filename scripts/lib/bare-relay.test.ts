import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../apps/server/test/support/fake-openai';
import { root, startServer, stopServer } from './http-load';
import { readStream } from './chat-streams';

// bench:chat's floor is only a floor if it relays what the server relays: every chunk, in order, then `final`.
let fake: FakeOpenAi;
let relay: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  fake = await startFakeOpenAi({ record: false, chunkCount: 5, chunkDelayMs: 1, chunkText: (i) => `⟦${Date.now() - i}⟧` });
  relay = await startServer(path.join(root, 'scripts/lib/bare-relay.ts'), fake.url);
}, 30_000);
afterAll(async () => {
  if (relay) await stopServer(relay.child);
  await fake?.close();
});

test('the bare relay passes every upstream chunk on as an SSE data line and ends with final', async () => {
  const res = await fetch(`http://127.0.0.1:${relay.port}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '你好' }),
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const delays: number[] = [];
  const stats = await readStream(res, 5, delays);
  expect(stats).toMatchObject({ ok: true, chunks: 5 });
  expect(delays.every((d) => d >= 0)).toBe(true);
  expect(await relay.cpuMs()).toBeGreaterThan(0);
});
