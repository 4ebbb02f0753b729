/**
 * `npm run bench:chat [-- --streams 1000 --chunks 20 --interval 50 --users 50 --pg postgres://…/postgres]`
 *
 * N concurrent chat streams through the real server (its own process, listening on 127.0.0.1:0, PGlite in memory)
 * from the local fake OpenAI-compatible upstream. Every upstream chunk carries the time it was sent; the client
 * notes when it arrives. The same N streams read straight from the fake give the baseline (loopback, parsing, and
 * this process's own load), so 'added' is what the server adds per chunk. Also: peak RSS of the server process
 * (VmHWM) and lost streams (error, no final event, or missing chunks). BENCH_CPU_PROF=<dir> writes a CPU profile of
 * the server process.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSseParser } from '../apps/web/src/features/chat/lib/sse-parser';
import { startFakeOpenAi } from '../apps/server/test/support/fake-openai';

const now = () => performance.timeOrigin + performance.now();
const STAMP = /⟦([\d.]+)⟧/g;

/** The server under test, in a child process so its memory and event loop are its own. */
async function serve() {
  const { buildApp } = await import('../apps/server/src/app');
  const { parseConfig } = await import('../apps/server/src/config');
  const app = await buildApp({ config: parseConfig(process.env) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

interface StreamStats {
  latencies: number[];
  chunks: number;
  ok: boolean;
}

async function readStream(res: Response, expected: number, lat: number[], onFirst?: () => void): Promise<StreamStats> {
  let chunks = 0;
  let final = false;
  let failed = false;
  const parser = createSseParser((e) => {
    if (e.event === 'message') {
      const t = now();
      if (chunks === 0) onFirst?.();
      for (const m of e.data.matchAll(STAMP)) {
        lat.push(t - Number(m[1]));
        chunks += 1;
      }
    } else if (e.event === 'final') final = true;
    else if (e.event === 'error') failed = true;
  });
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.push(decoder.decode(value, { stream: true }));
  }
  parser.end();
  return { latencies: lat, chunks, ok: final && !failed && chunks === expected };
}

/** The upstream's own framing, read directly: `data: {json}` chunks and [DONE]. */
async function readDirect(res: Response, expected: number, lat: number[], onFirst?: () => void): Promise<StreamStats> {
  let chunks = 0;
  let done = false;
  const parser = createSseParser((e) => {
    if (e.data === '[DONE]') return void (done = true);
    const t = now();
    const content = (JSON.parse(e.data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content ?? '';
    if (content && chunks === 0) onFirst?.();
    for (const m of content.matchAll(STAMP)) {
      lat.push(t - Number(m[1]));
      chunks += 1;
    }
  });
  const decoder = new TextDecoder();
  const reader = res.body!.getReader();
  for (;;) {
    const r = await reader.read();
    if (r.done) break;
    parser.push(decoder.decode(r.value, { stream: true }));
  }
  parser.end();
  return { latencies: lat, chunks, ok: done && chunks === expected };
}

const pct = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function pool<T>(items: T[], size: number, fn: (x: T) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (i < items.length) await fn(items[i++]!);
    }),
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      streams: { type: 'string', default: '1000' },
      chunks: { type: 'string', default: '20' },
      interval: { type: 'string', default: '50' },
      users: { type: 'string', default: '50' },
      /** A PostgreSQL server to run against instead of in-memory PGlite (a fresh database is created and dropped). */
      pg: { type: 'string' },
    },
    allowPositionals: true,
  });
  const streams = Number(values.streams);
  const chunks = Number(values.chunks);
  const interval = Number(values.interval);
  const userCount = Math.max(1, Math.min(Number(values.users), streams));
  const fake = await startFakeOpenAi({
    record: false,
    chunkCount: chunks,
    chunkDelayMs: interval,
    chunkText: () => `⟦${now().toFixed(3)}⟧`,
  });
  console.log(
    `灵犀 chat bench: ${streams} concurrent streams × ${chunks} chunks, ${interval} ms apart, ${values.pg ? 'PostgreSQL' : 'PGlite in memory'} (Node ${process.version})`,
  );

  // Baseline: the same streams straight from the fake.
  const base: number[] = [];
  const baseFirst: number[] = [];
  let baseLost = 0;
  await Promise.all(
    Array.from({ length: streams }, async () => {
      const sent = now();
      try {
        const res = await fetch(`${fake.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'hi' }], stream: true }),
        });
        if (!(await readDirect(res, chunks, base, () => baseFirst.push(now() - sent))).ok) baseLost += 1;
      } catch {
        baseLost += 1;
      }
    }),
  );

  const pg = values.pg ? await freshPg(values.pg) : null;
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      WEB_DIST: '/nonexistent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'bench',
      LLM_MODEL: 'bench-model',
      CHAT_RATE_PER_MINUTE: '1000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      SMS_IP_HOURLY_LIMIT: '1000000',
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const api = `http://127.0.0.1:${port}/api`;
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };

  // Users (through the sandbox SMS inbox, as a tester would) and one session per stream.
  const tokens: string[] = [];
  await pool(
    Array.from({ length: userCount }, (_, i) => i),
    10,
    async (i) => {
      const phone = `136${String(10_000_000 + i).slice(-8)}`;
      await post('/auth/send-sms-code', { phone, type: 'register' });
      const code = ((await (await fetch(`${api}/sandbox/sms?phone=${phone}`)).json()) as { data: { code: string } }).data.code;
      const r = await post('/auth/register', { name: '压测用户', phone, code, password: 'secret123', confirmPassword: 'secret123' });
      tokens.push(r.token as string);
    },
  );
  const sessions: { token: string; id: string }[] = [];
  await pool(
    Array.from({ length: streams + 1 }, (_, i) => i),
    50,
    async (i) => {
      const token = tokens[i % tokens.length]!;
      const r = await post('/chat/chat-new', { type: 'general', query: '', key: crypto.randomUUID() }, token);
      sessions.push({ token, id: r.session_id as string });
    },
  );

  // Warm-up outside the measurement: the first turn loads the tokenizer ranks (~0.5 s, once per process).
  const warm = sessions.pop()!;
  const warmRes = await fetch(`${api}/chat/chat-streaming`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${warm.token}` },
    body: JSON.stringify({ type: 'general', query: '预热', key: warm.id }),
  });
  await warmRes.text();

  const rssBefore = vmKb(child.pid!, 'VmRSS');
  const through: number[] = [];
  const firstChunk: number[] = [];
  let lost = 0;
  const started = now();
  await Promise.all(
    sessions.map(async (s) => {
      const sent = now();
      try {
        const res = await fetch(`${api}/chat/chat-streaming`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${s.token}` },
          body: JSON.stringify({ type: 'general', query: '你好，请讲一个故事', key: s.id }),
        });
        if (res.status !== 200 || !(await readStream(res, chunks, through, () => firstChunk.push(now() - sent))).ok) lost += 1;
      } catch {
        lost += 1;
      }
    }),
  );
  const wall = now() - started;
  const peak = vmKb(child.pid!, 'VmHWM');
  child.disconnect();
  await new Promise((r) => child.once('exit', r));
  await pg?.drop();
  await fake.close();

  const added = (q: number) => pct(through, q) - pct(base, q);
  console.log('');
  console.log(`                      p50         p99         max`);
  console.log(
    `direct from fake   ${ms(pct(base, 0.5)).padStart(9)}   ${ms(pct(base, 0.99)).padStart(9)}   ${ms(pct(base, 1)).padStart(9)}   (baseline, ${base.length} chunks)`,
  );
  console.log(
    `through server     ${ms(pct(through, 0.5)).padStart(9)}   ${ms(pct(through, 0.99)).padStart(9)}   ${ms(pct(through, 1)).padStart(9)}   (${through.length} chunks)`,
  );
  console.log(`added by server    ${ms(added(0.5)).padStart(9)}   ${ms(added(0.99)).padStart(9)}`);
  console.log('');
  console.log(
    `first chunk, direct ${ms(pct(baseFirst, 0.5)).padStart(9)}   ${ms(pct(baseFirst, 0.99)).padStart(9)}   ${ms(pct(baseFirst, 1)).padStart(9)}   (request sent → first text; the fake waits ${interval} ms)`,
  );
  console.log(
    `first chunk, server ${ms(pct(firstChunk, 0.5)).padStart(9)}   ${ms(pct(firstChunk, 0.99)).padStart(9)}   ${ms(pct(firstChunk, 1)).padStart(9)}   (auth, checks, history, 2 rows written, upstream call)`,
  );
  console.log('');
  console.log(
    `streams: ${streams}, lost: ${lost} (baseline lost: ${baseLost}), wall time ${(wall / 1000).toFixed(1)} s for ${((chunks * interval) / 1000).toFixed(1)} s of upstream pacing`,
  );
  console.log(`server RSS: ${mb(rssBefore)} before the streams, peak ${mb(peak)} (VmHWM)`);
  process.exit(lost ? 1 : 0);
}

async function freshPg(adminUrl: string) {
  const { default: postgres } = await import('postgres');
  const name = `lx_bench_${Date.now().toString(36)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

function vmKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN;
  }
}
const mb = (kb: number) => (Number.isNaN(kb) ? 'n/a' : `${(kb / 1024).toFixed(0)} MB`);

// Last, so every const above is initialised before either entry point runs.
if (process.argv.includes('--serve')) await serve();
else await main();
