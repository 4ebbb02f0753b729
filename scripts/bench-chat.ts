/**
 * `npm run bench:chat [-- --streams 1000 --chunks 20 --interval 50 --users 50 --pg postgres://…/postgres --profile]`
 *
 * N chat streams start at the same moment through the real server (apps/server/src/server.ts in its own process
 * tree, as `npm start` runs it), answered by the local fake OpenAI-compatible upstream. Every upstream chunk carries
 * the time it was sent; the client notes when it arrives. The same N streams read straight from the fake give the
 * baseline (loopback, parsing, and this process's own load), so 'added' is what the server adds per chunk. The same
 * bursts through a bare Node relay (scripts/lib/bare-relay.ts: no auth, database or moderation) are the floor: what
 * this machine charges any Node process for relaying them.
 * On PostgreSQL the server runs twice in one run: 1 worker, then one worker per core; PGlite (the default, on disk as
 * `npm start` keeps it) is one process. Per run: first text, lost streams, peak RSS of the server's processes while
 * the streams run, and the server CPU of one turn start — N questions at once with the upstream holding its answers
 * until all N requests have reached it. --profile adds where that turn-start time goes (V8 profiles of the servers).
 *
 * Two bursts per run: the first right after the server started (its code not yet optimised by V8: a burst just after a
 * deploy), then the measured one on a server that has served (a viral moment on a running service). The baseline is
 * read twice the same way, so each burst is compared with a baseline of the same temperature.
 * BENCH_LOG_LEVEL=warn lets the server log (on stdout): why a stream was lost, if one was.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeOpenAi, type FakeOpenAi } from '../apps/server/test/support/fake-openai';
import { readDirect, readStream } from './lib/chat-streams';
import { freshPg, postgresCpuMs, startServerTree, type ServerTree } from './lib/server-process';
import { dropsSince, tcpDrops, type TcpDrops } from './lib/tcp-counters';
import { root, startServer, stopServer } from './lib/http-load';
import { monotonicUs, profileSteps, STEP_NAMES } from './lib/turn-profile';

const now = () => performance.timeOrigin + performance.now();
const pct = (xs: number[], q: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
/** A difference with its sign always shown, a true minus for negatives. */
const signed = (x: number, digits: number) => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(digits)}`;

async function pool<T>(items: T[], size: number, fn: (x: T) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (i < items.length) await fn(items[i++] as T);
    }),
  );
}

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000' },
    chunks: { type: 'string', default: '20' },
    interval: { type: 'string', default: '50' },
    users: { type: 'string', default: '50' },
    /** A PostgreSQL server to run against instead of PGlite (a fresh database is created and dropped per run). */
    pg: { type: 'string' },
    /** Worker counts to run, e.g. "1,2" (PostgreSQL only; default: 1 and one per core). */
    workers: { type: 'string' },
    profile: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const streams = Number(values.streams);
const chunks = Number(values.chunks);
const interval = Number(values.interval);
const userCount = Math.max(1, Math.min(Number(values.users), streams));
const cores = availableParallelism();
const plans = values.pg ? (values.workers ?? `1,${cores}`).split(',').map(Number) : [1];

interface Burst {
  through: number[];
  firstChunk: number[];
  lost: number;
  wall: number;
  cpuMs: number;
  from: number;
  to: number;
}

interface RunResult extends Omit<Burst, 'cpuMs' | 'from' | 'to'> {
  workers: number;
  /** The same burst right after the server started, before the measured one. */
  cold: Burst;
  rssBefore: number;
  peak: { total: number; each: number[] };
  turnStartMs: number;
  /** PostgreSQL's own CPU per turn start (its backends, read from /proc); null on PGlite, which runs in the server. */
  turnStartPgMs: number | null;
  relayUsPerChunk: number;
  steps: Map<string, number> | null;
  burstSteps: Map<string, number> | null;
  /** Connections the kernel dropped over the run (machine-wide), null where it cannot be read. */
  drops: TcpDrops | null;
}

async function run(fake: FakeOpenAi, workers: number): Promise<RunResult> {
  const pg = values.pg ? await freshPg(values.pg) : null;
  // BENCH_CPU_PROF=<dir> keeps the profiles there (one sub-folder per run) for a closer look.
  const keep = process.env.BENCH_CPU_PROF;
  const profileDir = values.profile || keep ? mkdtempSync(path.join(keep ?? tmpdir(), 'lx-bench-prof-')) : undefined;
  // A server that fails to start must not leave its fresh database behind.
  const server = await startServerTree(
    {
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: fake.url,
      LLM_API_KEY: 'bench',
      LLM_MODEL: 'bench-model',
      CHAT_RATE_PER_MINUTE: '1000000',
      // The reply stream is what is measured; the follow-up chips' and title's second calls (issue #16) would add
      // requests the baseline never made.
      CHAT_FOLLOW_UPS: 'off',
      CHAT_MODEL_TITLES: 'off',
      // --users 50 share the streams: 20 at once per user, far past the product's per-user bounds.
      CHAT_MAX_STREAMS_PER_USER: '100',
      CHAT_DAILY_TOKENS_PER_USER: '2000000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      SMS_IP_HOURLY_LIMIT: '1000000',
    },
    { workers, profileDir },
  ).catch(async (err: unknown) => {
    await pg?.drop();
    throw err;
  });
  try {
    const before = tcpDrops();
    const measured = await measure(fake, server, profileDir);
    return { workers, ...measured, drops: dropsSince(before) };
  } finally {
    await server.stop();
    await pg?.drop();
    if (profileDir && !keep) rmSync(profileDir, { recursive: true, force: true });
  }
}

async function measure(fake: FakeOpenAi, server: ServerTree, profileDir: string | undefined) {
  const api = `http://127.0.0.1:${server.port}/api`;
  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(`${api}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };
  const ask = (s: { token: string; id: string }, query: string) =>
    fetch(`${api}/chat/chat-streaming`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${s.token}` },
      body: JSON.stringify({ type: 'general', query, key: s.id }),
    });

  // Users (through the sandbox SMS inbox, as a tester would) and two sessions per stream: the burst and the held turns.
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
    Array.from({ length: 3 * streams + 8 }, (_, i) => i),
    50,
    async (i) => {
      const token = tokens[i % tokens.length] as string;
      const r = await post('/chat/chat-new', { type: 'general', query: '', key: crypto.randomUUID() }, token);
      sessions.push({ token, id: r.session_id as string });
    },
  );
  // Warm-up outside the measurement, on every worker (connections are dealt round robin).
  await Promise.all(sessions.splice(0, 8).map(async (s) => (await ask(s, '预热')).text()));

  const burst = async (batch: { token: string; id: string }[]): Promise<Burst> => {
    const cpu0 = server.cpuMs();
    const from = monotonicUs();
    const started = now();
    const read = await readBurst(batch.map((s) => () => ask(s, '你好，请讲一个故事')));
    return { ...read, wall: now() - started, cpuMs: server.cpuMs() - cpu0, from, to: monotonicUs() };
  };
  const cold = await burst(sessions.splice(0, streams));

  const rssBefore = server.memKb('VmRSS').total;
  // The peak of the measured streams alone, not of registration (argon2) or the first burst: reset each process's
  // high-water mark.
  for (const pid of server.pids()) writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const { through, firstChunk, lost, wall, cpuMs: burstCpuMs, from: burstFrom, to: burstTo } = await burst(sessions.splice(0, streams));
  const peak = server.memKb('VmHWM');

  // Turn starts alone: the upstream holds every answer until all N requests have reached it.
  fake.hold();
  const before = fake.received;
  const cpu0 = server.cpuMs();
  const pgCpu0 = values.pg ? postgresCpuMs() : 0;
  const t0 = monotonicUs();
  // A held question the server refused (or that failed) never reaches the upstream: count those instead of waiting.
  let refused = 0;
  const held = sessions.slice(0, streams).map((s) =>
    ask(s, '你好，请讲一个故事').then(
      (res) => {
        if (res.status !== 200) refused += 1;
        return res;
      },
      () => {
        refused += 1;
        return null;
      },
    ),
  );
  const deadline = Date.now() + 120_000;
  while (fake.received + refused < before + streams) {
    if (Date.now() > deadline) {
      console.log(`  turn starts: only ${fake.received - before} of ${streams} reached the upstream in 120 s (${refused} refused)`);
      break;
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  if (refused) console.log(`  turn starts: ${refused} of ${streams} held questions were refused or failed`);
  const t1 = monotonicUs();
  const turnStartMs = (server.cpuMs() - cpu0) / streams;
  const turnStartPgMs = values.pg ? (postgresCpuMs() - pgCpu0) / streams : null;
  fake.release();
  await Promise.all(held.map(async (r) => (await r)?.text()));

  let steps: Map<string, number> | null = null;
  let burstSteps: Map<string, number> | null = null;
  if (profileDir) {
    await server.stop(); // the profiles are written as the processes exit
    steps = profileSteps(profileDir, t0, t1);
    burstSteps = profileSteps(profileDir, burstFrom, burstTo);
    // For a closer look at kept profiles (BENCH_CPU_PROF): the two windows, in the profiles' clock.
    writeFileSync(path.join(profileDir, 'windows.json'), JSON.stringify({ turnStarts: [t0, t1], burst: [burstFrom, burstTo] }));
  }
  // The burst's CPU less its turn starts (as measured alone) is the relay's: upstream parse, SSE write, interim saves.
  const relayUsPerChunk = ((burstCpuMs - turnStartMs * streams) * 1000) / Math.max(1, through.length);
  return { cold, through, firstChunk, lost, wall, rssBefore, peak, turnStartMs, turnStartPgMs, relayUsPerChunk, steps, burstSteps };
}

const row = (xs: number[]) => `${ms(pct(xs, 0.5)).padStart(9)}   ${ms(pct(xs, 0.99)).padStart(9)}   ${ms(pct(xs, 1)).padStart(9)}`;

/** Opens every stream at once and reads them all: each chunk's delay, each stream's first text, the streams lost. */
async function readBurst(opens: (() => Promise<Response>)[]) {
  const through: number[] = [];
  const firstChunk: number[] = [];
  let lost = 0;
  await Promise.all(
    opens.map(async (open) => {
      const sent = now();
      try {
        const res = await open();
        if (res.status !== 200 || !(await readStream(res, chunks, through, () => firstChunk.push(now() - sent))).ok) lost += 1;
      } catch {
        lost += 1;
      }
    }),
  );
  return { through, firstChunk, lost };
}

/** The same two bursts (cold, then measured) through the bare relay; the measured one is returned. */
async function bareRelayBursts(upstreamUrl: string) {
  const relay = await startServer(path.join(root, 'scripts/lib/bare-relay.ts'), upstreamUrl);
  try {
    const ask = () =>
      fetch(`http://127.0.0.1:${relay.port}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ type: 'general', query: '你好，请讲一个故事' }),
      });
    const burst = async () => {
      const cpu0 = await relay.cpuMs();
      const read = await readBurst(Array.from({ length: streams }, () => ask));
      return { ...read, cpuMs: (await relay.cpuMs()) - cpu0 };
    };
    await burst();
    return await burst();
  } finally {
    await stopServer(relay.child);
  }
}

async function main() {
  const fake = await startFakeOpenAi({
    record: false,
    chunkCount: chunks,
    chunkDelayMs: interval,
    chunkText: () => `⟦${now().toFixed(3)}⟧`,
  });
  const db = values.pg ? 'PostgreSQL' : 'PGlite on disk (npm start’s default)';
  console.log(`灵犀 chat bench: ${streams} concurrent streams × ${chunks} chunks, ${interval} ms apart, ${db} (Node ${process.version})`);
  console.log(
    `${cores} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // Baseline: the same streams straight from the fake, twice (the first while this process's code is still cold).
  const direct = async () => {
    const chunksAt: number[] = [];
    const first: number[] = [];
    let lostHere = 0;
    await Promise.all(
      Array.from({ length: streams }, async () => {
        const sent = now();
        try {
          const res = await fetch(`${fake.url}/chat/completions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'hi' }], stream: true }),
          });
          if (!(await readDirect(res, chunks, chunksAt, () => first.push(now() - sent))).ok) lostHere += 1;
        } catch {
          lostHere += 1;
        }
      }),
    );
    return { chunksAt, first, lost: lostHere };
  };
  const coldBase = await direct();
  const { chunksAt: base, first: baseFirst, lost: baseLost } = await direct();

  // The floor: the same bursts through a bare Node relay (scripts/lib/bare-relay.ts), in the same run.
  const floor = await bareRelayBursts(fake.url);
  {
    const added = (q: number) => pct(floor.through, q) - pct(base, q);
    console.log('');
    console.log('── a bare Node relay (the floor: no auth, database, moderation or history; one process) ──');
    console.log(`through bare relay ${row(floor.through)}   (${floor.through.length} chunks)`);
    console.log(`added by relay     ${ms(added(0.5)).padStart(9)}   ${ms(added(0.99)).padStart(9)}`);
    console.log(
      `first chunk, relay  ${row(floor.firstChunk)}   (lost: ${floor.lost}; its CPU ${((floor.cpuMs * 1000) / Math.max(1, floor.through.length)).toFixed(0)} µs per chunk, all work included)`,
    );
  }

  const results: RunResult[] = [];
  if (!values.pg) console.log('PGlite is an embedded single-process database: one server process.');
  for (const workers of plans) {
    const r = await run(fake, workers);
    results.push(r);
    const added = (q: number) => pct(r.through, q) - pct(base, q);
    console.log('');
    console.log(
      `── ${values.pg ? 'PostgreSQL' : 'PGlite'}, ${workers} worker${workers > 1 ? 's' : ''}${workers === cores && workers > 1 ? ' (all cores)' : ''} ──`,
    );
    console.log(`                      p50         p99         max`);
    console.log(`direct from fake   ${row(base)}   (baseline, ${base.length} chunks)`);
    console.log(`through server     ${row(r.through)}   (${r.through.length} chunks)`);
    console.log(`added by server    ${ms(added(0.5)).padStart(9)}   ${ms(added(0.99)).padStart(9)}`);
    console.log('');
    console.log(`first chunk, direct ${row(baseFirst)}   (request sent → first text; the fake waits ${interval} ms)`);
    console.log(`first chunk, server ${row(r.firstChunk)}   (auth, checks, history, 2 rows written, upstream call)`);
    console.log(`  the first burst after the server started (its code and this process's not yet optimised by V8):`);
    console.log(`first chunk, direct ${row(coldBase.first)}`);
    console.log(`first chunk, server ${row(r.cold.firstChunk)}   (lost: ${r.cold.lost}, wall time ${(r.cold.wall / 1000).toFixed(1)} s)`);
    console.log('');
    console.log(
      `streams: ${streams}, lost: ${r.lost} (baseline lost: ${baseLost}), wall time ${(r.wall / 1000).toFixed(1)} s for ${((chunks * interval) / 1000).toFixed(1)} s of upstream pacing`,
    );
    if (r.drops)
      console.log(
        `dropped connections: ${r.drops.listenOverflows} accept-queue overflows, ${r.drops.synRetransmits} SYNs sent again (kernel counters over this run; each costs its client ≥ 1 s)`,
      );
    const each = r.peak.each.length > 1 ? `; per process ${r.peak.each.map(mb).join(' + ')}` : '';
    console.log(`server RSS: ${mb(r.rssBefore)} before the streams, peak ${mb(r.peak.total)} (VmHWM${each})`);
    console.log(
      `turn start: ${r.turnStartMs.toFixed(2)} ms of server CPU per turn (${streams} at once, upstream answers held until all arrived)`,
    );
    if (r.turnStartPgMs !== null)
      console.log(`turn start: ${r.turnStartPgMs.toFixed(2)} ms of PostgreSQL CPU per turn (its backends, same window)`);
    console.log(
      `relay: ${r.relayUsPerChunk.toFixed(0)} µs of server CPU per chunk (the burst's CPU less its turn starts, over its chunks)`,
    );
    if (r.steps && r.burstSteps) {
      const table = (steps: Map<string, number>) => {
        const busy = [...steps.values()].reduce((a, b) => a + b, 0);
        return (name: string) => (steps.get(name) ?? 0) / busy;
      };
      const [start, burst] = [table(r.steps), table(r.burstSteps)];
      console.log('  where it goes (share of the profiled busy time → CPU):  turn start, ms per turn    the burst (starts + relay)');
      for (const name of STEP_NAMES) {
        const a = `${(start(name) * 100).toFixed(1).padStart(5)}%  ${(start(name) * r.turnStartMs).toFixed(3)} ms`;
        console.log(`    ${name.padEnd(40)} ${a.padEnd(26)} ${(burst(name) * 100).toFixed(1).padStart(5)}%`);
      }
    }
  }
  console.log('');
  const summary = (baseFirstChunks: number[], firstOf: (r: RunResult) => number[]) => {
    const baseP99 = pct(baseFirstChunks, 0.99) / 1000;
    const each = results.map((r) => {
      const d = pct(firstOf(r), 0.99) / 1000 - baseP99;
      return `${r.workers} worker${r.workers > 1 ? 's' : ''} ${signed(d, 2)} s`;
    });
    return `(${baseP99.toFixed(2)} s): ${each.join(', ')}`;
  };
  console.log(
    `first burst after the start (cold code), first text p99 ${summary(coldBase.first, (r) => r.cold.firstChunk)}; lost ${results
      .map((r) => r.cold.lost)
      .join(', ')}`,
  );
  console.log(`first text p99, server − direct ${summary(baseFirst, (r) => r.firstChunk)} (goal: ≤ +${values.pg ? '0.5' : '1'} s)`);
  const floorFirst = (pct(floor.firstChunk, 0.99) - pct(baseFirst, 0.99)) / 1000;
  const floorChunk = pct(floor.through, 0.99) - pct(base, 0.99);
  console.log(
    `the floor, a bare Node relay − direct: first text p99 ${signed(floorFirst, 2)} s, per chunk p99 ${signed(floorChunk, 1)} ms`,
  );
  await fake.close();
  process.exit(results.some((r) => r.lost || r.cold.lost) ? 1 : 0);
}

await main();
