import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible chat API on real HTTP (127.0.0.1:0) with real SSE framing: `data: {json}\n\n` chunks,
 * an optional usage chunk (stream_options.include_usage) and `data: [DONE]`. It records every request and whether the
 * caller hung up before the answer was complete.
 *
 * Modes:
 * - normal: a few chunks, then usage, then [DONE]
 * - slow: many chunks `slowDelayMs` apart (a refresh or a stop mid-reply)
 * - stalled: headers, then only `: keep-alive` comments — no first chunk ever (first-byte timeout)
 * - stall-after-first: two chunks, then silence (idle timeout)
 * - error-mid-stream: two chunks, then the connection is destroyed
 * - no-usage: like normal, without the usage chunk
 * - generated-by: like normal, with a trailing '本回答由 fake-model 生成' disclaimer
 * - http-error: 500 with an OpenAI-style error body
 * A request may pick its own mode with a marker `[fake:<mode>]` in its last user message.
 */
export type FakeMode =
  'normal' | 'slow' | 'stalled' | 'stall-after-first' | 'error-mid-stream' | 'no-usage' | 'generated-by' | 'http-error';
const MODES: FakeMode[] = ['normal', 'slow', 'stalled', 'stall-after-first', 'error-mid-stream', 'no-usage', 'generated-by', 'http-error'];

export interface FakeRequest {
  body: {
    model: string;
    messages: { role: string; content: string }[];
    max_tokens?: number;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    temperature?: number;
  };
  headers: IncomingHttpHeaders;
  mode: FakeMode;
  /** The caller closed the connection before the answer was complete. */
  aborted: boolean;
  completed: boolean;
  closed: Promise<void>;
}

export interface FakeOpenAiOptions {
  mode?: FakeMode;
  apiKey?: string;
  /** Text pieces of a normal reply. */
  chunks?: string[];
  /** Delay between chunks in every mode except slow (default 5 ms). */
  chunkDelayMs?: number;
  slowDelayMs?: number;
  slowChunks?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Bench hook: produces the text of chunk i (e.g. a send timestamp) instead of `chunks`. */
  chunkText?: (i: number) => string;
  chunkCount?: number;
  /** Silence the per-request log of requests (bench: thousands of them). */
  record?: boolean;
  /** Answers a request with its own text pieces (e.g. the memory job's JSON) instead of `chunks`; undefined: as usual. */
  respond?: (body: FakeRequest['body']) => string[] | undefined;
}

export const FAKE_MODEL = 'fake-model';
export const DEFAULT_CHUNKS = ['你好', '，我是测试模型。', '\n\n', '- 第一点\n- 第二点', '\n\n祝你顺利！'];
export const DEFAULT_USAGE = { prompt_tokens: 321, completion_tokens: 42 };

export async function startFakeOpenAi(o: FakeOpenAiOptions = {}) {
  const requests: FakeRequest[] = [];
  let mode: FakeMode = o.mode ?? 'normal';
  const waiters: (() => void)[] = [];
  // Bench hook: while held, a request is answered only when released (a turn start measured without its stream).
  let gate: Promise<void> | null = null;
  let release = () => {};
  let received = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
      return;
    }
    let raw = '';
    for await (const part of req) raw += part;
    const body = JSON.parse(raw) as FakeRequest['body'];
    if (o.apiKey && req.headers.authorization !== `Bearer ${o.apiKey}`) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }));
      return;
    }
    const last = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const marked = /\[fake:([a-z-]+)\]/.exec(last)?.[1] as FakeMode | undefined;
    const rec: FakeRequest = {
      body,
      headers: req.headers,
      mode: marked && MODES.includes(marked) ? marked : mode,
      aborted: false,
      completed: false,
      closed: Promise.resolve(),
    };
    rec.closed = new Promise((resolve) => {
      res.on('close', () => {
        if (!res.writableEnded) rec.aborted = true;
        resolve();
      });
    });
    if (o.record !== false) requests.push(rec);
    received += 1;
    waiters.splice(0).forEach((w) => w());
    if (gate) await gate;
    await stream(rec, res);
  }

  async function stream(rec: FakeRequest, res: ServerResponse) {
    const m = rec.mode;
    if (m === 'http-error') {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
      rec.completed = true;
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
    const created = Math.floor(Date.now() / 1000);
    const gone = () => res.destroyed || res.writableEnded;
    const send = (payload: unknown) => !gone() && res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const chunk = (delta: object, finish: string | null = null) =>
      send({
        id,
        object: 'chat.completion.chunk',
        created,
        model: rec.body.model || FAKE_MODEL,
        choices: [{ index: 0, delta, finish_reason: finish }],
      });

    if (m === 'stalled') {
      // DeepSeek-style keep-alive comments while queued: they must not count as the first byte.
      const t = setInterval(() => !gone() && res.write(': keep-alive\n\n'), 50);
      res.on('close', () => clearInterval(t));
      return;
    }
    const own = o.respond?.(rec.body);
    const pieces = own ?? o.chunks ?? DEFAULT_CHUNKS;
    const count = o.chunkText ? (o.chunkCount ?? 20) : m === 'slow' && !own ? (o.slowChunks ?? 40) : pieces.length;
    const text = (i: number) => (o.chunkText ? o.chunkText(i) : m === 'slow' && !own ? `第${i + 1}段。` : pieces[i]!);
    const delay = m === 'slow' ? (o.slowDelayMs ?? 100) : (o.chunkDelayMs ?? 5);

    chunk({ role: 'assistant', content: '' });
    for (let i = 0; i < count; i += 1) {
      if (gone()) return;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      chunk({ content: o.chunkText ? o.chunkText(i) : text(i) });
      if (i === 1 && m === 'stall-after-first') return; // keeps the connection open and silent
      if (i === 1 && m === 'error-mid-stream') {
        res.destroy();
        return;
      }
    }
    if (m === 'generated-by') chunk({ content: '\n\n本回答由 fake-model 生成' });
    chunk({}, 'stop');
    if (m !== 'no-usage' && rec.body.stream_options?.include_usage) {
      const usage = o.usage ?? DEFAULT_USAGE;
      send({
        id,
        object: 'chat.completion.chunk',
        created,
        model: rec.body.model,
        choices: [],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    }
    if (gone()) return;
    res.end('data: [DONE]\n\n');
    rec.completed = true;
  }

  // A model provider takes a burst of connections at once (bench:chat opens 1,000): not Node's default backlog of 511.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get mode() {
      return mode;
    },
    set mode(m: FakeMode) {
      mode = m;
    },
    last: () => requests.at(-1),
    /** Requests received so far, recorded or not. */
    get received() {
      return received;
    },
    /** Holds every answer until release() (bench: turn starts measured apart from their streams). */
    hold() {
      gate ??= new Promise<void>((r) => (release = r));
    },
    release() {
      gate = null;
      release();
    },
    /** Resolves once `n` requests in total have arrived. */
    async waitForRequests(n: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < n) {
        if (Date.now() > deadline) throw new Error(`fake-openai: expected ${n} requests, got ${requests.length}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return requests[n - 1]!;
    },
    reset() {
      requests.length = 0;
      mode = o.mode ?? 'normal';
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
