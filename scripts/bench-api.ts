/**
 * `npm run bench:api`: authenticated GET /api/auth/me (JWT check + session lookup + user row) against a bare Fastify
 * hello-world through the same load generator in the same run. Target: at least half the hello-world rate.
 * The app is the real server (apps/server/src/server.ts, as `npm start` runs it): on PGlite (the default, on disk) one
 * process; with BENCH_DATABASE_URL=postgres://… on PostgreSQL, once with 1 worker and once with one worker per core.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  CONNECTIONS,
  SECONDS,
  fmt,
  measure,
  median,
  ms,
  pct,
  serveHelloWorld,
  startServer,
  stopServer,
  type LoadRequest,
  type Measured,
  type Server,
} from './lib/http-load';
import { freshPg, startServerTree } from './lib/server-process';

const here = fileURLToPath(import.meta.url);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const pgAdmin = process.env.BENCH_DATABASE_URL;
const cores = availableParallelism();

async function serveHello() {
  process.on('SIGTERM', () => process.exit(0));
  const port = await serveHelloWorld();
  process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
  process.send?.({ port });
}

/** The real server with `workers` processes, and a signed-in user registered through the sandbox SMS inbox. */
async function startApp(workers: number) {
  const pg = pgAdmin ? await freshPg(pgAdmin) : null;
  const tree = await startServerTree(
    {
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      // The default: one access-log line per request (to /dev/null here), as in every earlier measurement.
      LOG_LEVEL: 'info',
    },
    { workers },
  ).catch(async (err: unknown) => {
    await pg?.drop();
    throw err;
  });
  const base = `http://127.0.0.1:${tree.port}/api`;
  const phone = `137${String(Date.now()).slice(-8)}`;
  const post = (p: string, body: object) =>
    fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (r) => r.json() as Promise<Record<string, unknown>>,
    );
  await post('/auth/send-sms-code', { phone, type: 'register' });
  const { data } = (await (await fetch(`${base}/sandbox/sms?phone=${phone}`)).json()) as { data: { code: string } };
  const reg = await post('/auth/register', {
    name: '压测用户',
    phone,
    code: data.code,
    password: 'bench-secret',
    confirmPassword: 'bench-secret',
  });
  const server: Server = { target: `app-${workers}`, child: tree.child, port: tree.port, cpuMs: async () => tree.cpuMs() };
  return {
    server,
    token: reg.token as string,
    async stop() {
      await tree.stop();
      await pg?.drop();
    },
  };
}

async function main() {
  console.log(`=== GET /api/auth/me (signed in) vs bare Fastify hello-world, ${CONNECTIONS} keep-alive connections ===`);
  console.log(
    `${ROUNDS} rounds of ${SECONDS} s; database ${pgAdmin ? 'PostgreSQL' : 'PGlite (on disk, one process)'}; Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const hello = await startServer(here, 'hello');
  const apps = await Promise.all((pgAdmin ? [1, cores] : [1]).map((w) => startApp(w)));
  const runs: [Server, string, LoadRequest][] = [
    [hello, 'bare Fastify hello-world (baseline)', { method: 'GET', path: '/' }],
    ...apps.map((a): [Server, string, LoadRequest] => [
      a.server,
      `GET /api/auth/me, ${a.server.target.slice(4)} worker${a.server.target === 'app-1' ? '' : 's'}`,
      { method: 'GET', path: '/api/auth/me', headers: { authorization: `Bearer ${a.token}` } },
    ]),
  ];
  const results: Measured[][] = runs.map(() => []);
  try {
    console.log('                                              req/s       p50       p99  errors  server-CPU  client-CPU');
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, [server, name, request]] of runs.entries()) {
        const r = await measure(server, request);
        results[i]?.push(r);
        console.log(
          `  #${round} ${name.padEnd(39)} ${fmt(r.rate)} ${ms(r.p50)} ${ms(r.p99)} ${String(r.errors).padStart(7)}      ${pct(r.serverCpu)}       ${pct(r.clientCpu)}`,
        );
      }
    }
  } finally {
    await stopServer(hello.child);
    for (const a of apps) await a.stop();
  }
  const rate = (i: number) => median((results[i] ?? []).map((r) => r.rate));
  console.log(`  median: hello ${fmt(rate(0)).trim()} req/s`);
  for (let i = 1; i < runs.length; i++) {
    const ratio = rate(i) / rate(0);
    const p99 = median((results[i] ?? []).map((r) => r.p99));
    console.log(
      `  ${runs[i]?.[1]}: ${fmt(rate(i)).trim()} req/s, p99 ${ms(p99).trim()}, ${ratio.toFixed(2)}× hello-world (target ≥ 0.50×: ${ratio >= 0.5 ? 'met' : 'NOT MET'})`,
    );
  }
  if (results.flat().some((r) => r.errors)) process.exitCode = 1;
}

if (process.argv[2] === 'serve') await serveHello();
else await main();
