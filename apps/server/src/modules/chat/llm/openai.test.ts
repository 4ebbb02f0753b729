import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from './openai';
import type { LlmEvent } from './types';

let server: Server | null = null;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** An OpenAI-compatible upstream; `drop(n, k)` says whether to cut the connection on the k-th request of connection n. */
async function upstream(drop: (connection: number, request: number) => boolean) {
  const seen: string[] = [];
  const counts = new WeakMap<object, { id: number; requests: number }>();
  let connections = 0;
  const listening = createServer((req, res) => {
    const c = counts.get(req.socket) ?? { id: ++connections, requests: 0 };
    counts.set(req.socket, c);
    c.requests += 1;
    const cut = drop(c.id, c.requests);
    req.resume();
    req.on('end', () => {
      seen.push(`${c.id}.${c.requests}${cut ? ' cut' : ''}`);
      // As a provider that closed the idle connection a moment before the request came over it.
      if (cut) return req.socket.destroy();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify({ model: 'm', choices: [{ delta: { content: '你好' } }] })}\n\ndata: [DONE]\n\n`);
    });
  });
  server = listening;
  await new Promise<void>((r) => listening.listen(0, '127.0.0.1', () => r()));
  const provider = createOpenAiProvider({
    baseUrl: `http://127.0.0.1:${(listening.address() as AddressInfo).port}/v1`,
    apiKey: 'k',
    model: 'm',
    timeoutMs: 10_000,
  });
  const ask = async () => {
    const events: LlmEvent[] = [];
    const request = {
      messages: [{ role: 'user' as const, content: '在吗' }],
      maxTokens: 50,
      temperature: 0.7,
      signal: new AbortController().signal,
      persona: { key: 'psychology', title: '心理咨询', focus: [], crisis: false },
    };
    await provider.stream(request, (e) => events.push(e));
    return events
      .filter((e) => e.type === 'delta')
      .map((e) => e.text)
      .join('');
  };
  return { ask, seen };
}

describe('the OpenAI-compatible client', () => {
  it('sends a question again on a new connection when the kept-alive one turns out closed before any answer', async () => {
    const u = await upstream((_connection, request) => request === 2);
    expect(await u.ask()).toBe('你好');
    await new Promise((r) => setTimeout(r, 20)); // the first connection back in the agent's pool
    expect(await u.ask()).toBe('你好');
    expect(u.seen).toEqual(['1.1', '1.2 cut', '2.1']);
  });

  it('does not send again when a new connection fails: that is the upstream failing, not a stale connection', async () => {
    const u = await upstream(() => true);
    await expect(u.ask()).rejects.toThrow(/socket hang up/);
    expect(u.seen).toEqual(['1.1 cut']);
  });
});
