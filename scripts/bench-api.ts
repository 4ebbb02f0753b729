/**
 * `npm run bench:api`: authenticated GET /api/auth/me (JWT check + session lookup + user row) against a bare Fastify
 * hello-world through the same load generator in the same run. Target: at least half the hello-world rate.
 * Runs on PGlite by default; BENCH_DATABASE_URL=postgres://… measures PostgreSQL (the production setup).
 */
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  CONNECTIONS,
  SECONDS,
  fmt,
  measure,
  median,
  ms,
  pct,
  serveApp,
  serveHelloWorld,
  startServer,
  stopServer,
  type LoadRequest,
  type Measured,
} from './lib/http-load';

const here = fileURLToPath(import.meta.url);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
type Target = 'hello' | 'app';

async function serve(target: Target) {
  process.on('SIGTERM', () => process.exit(0));
  let port: number;
  let token = '';
  if (target === 'hello') {
    port = await serveHelloWorld();
  } else {
    port = await serveApp();
    const base = `http://127.0.0.1:${port}/api`;
    const phone = `137${String(Date.now()).slice(-8)}`;
    const post = (p: string, body: object) =>
      fetch(base + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
        r.json(),
      );
    await post('/auth/send-sms-code', { phone, type: 'register' });
    const { data } = await (await fetch(`${base}/sandbox/sms?phone=${phone}`)).json();
    token = (
      await post('/auth/register', { name: '压测用户', phone, code: data.code, password: 'bench-secret', confirmPassword: 'bench-secret' })
    ).token;
  }
  process.on('message', () => process.send!({ cpu: process.cpuUsage() }));
  process.send!({ port, token });
}

async function main() {
  console.log(`=== GET /api/auth/me (signed in) vs bare Fastify hello-world, ${CONNECTIONS} keep-alive connections ===`);
  console.log(
    `${ROUNDS} rounds of ${SECONDS} s; database ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const hello = await startServer(here, 'hello' as Target);
  const app = await startServer(here, 'app' as Target);
  const runs: [typeof hello, string, LoadRequest][] = [
    [hello, 'bare Fastify hello-world (baseline)', { method: 'GET', path: '/' }],
    [
      app,
      'GET /api/auth/me with a bearer token',
      { method: 'GET', path: '/api/auth/me', headers: { authorization: `Bearer ${app.info.token}` } },
    ],
  ];
  const results: Measured[][] = runs.map(() => []);
  try {
    console.log('                                              req/s       p50       p99  errors  server-CPU  client-CPU');
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, [server, name, request]] of runs.entries()) {
        const r = await measure(server, request);
        results[i]!.push(r);
        console.log(
          `  #${round} ${name.padEnd(39)} ${fmt(r.rate)} ${ms(r.p50)} ${ms(r.p99)} ${String(r.errors).padStart(7)}      ${pct(r.serverCpu)}       ${pct(r.clientCpu)}`,
        );
      }
    }
  } finally {
    await stopServer(hello.child);
    await stopServer(app.child);
  }
  const rate = (i: number) => median(results[i]!.map((r) => r.rate));
  const ratio = rate(1) / rate(0);
  console.log(
    `  median: hello ${fmt(rate(0)).trim()} req/s, /auth/me ${fmt(rate(1)).trim()} req/s, p99 ${ms(median(results[1]!.map((r) => r.p99))).trim()}`,
  );
  console.log(`  /auth/me vs hello-world: ${ratio.toFixed(2)}× (target ≥ 0.50×: ${ratio >= 0.5 ? 'met' : 'NOT MET'})`);
  if (results.flat().some((r) => r.errors)) process.exitCode = 1;
}

if (process.argv[2] === 'serve') await serve(process.argv[3] as Target);
else await main();
