/**
 * The HTTP load generator shared by the benchmarks: N keep-alive connections looping for a fixed window, plus helpers
 * to run each server under test in its own child process (so server and client CPU can be told apart).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const WARMUP_SECONDS = 2;
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  bodies?: Buffer[];
  headers?: Record<string, string>;
}

export interface RunResult {
  rate: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

export async function load(port: number, request: LoadRequest, seconds: number): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let next = 0;
  const end = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const body = request.bodies?.[next++ % request.bodies.length];
      const started = performance.now();
      const req = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.path,
          headers: { ...request.headers, ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}) },
        },
        (res) => {
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - started);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) await once();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    rate: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    bytes: latencies.length ? bytes / (latencies.length + errors) : 0,
  };
}

export interface Server<T extends string = string> {
  target: T;
  child: ChildProcess;
  port: number;
  /** CPU time (user + system, ms) the server process has used so far. */
  cpuMs(): Promise<number>;
}

/** Runs `script serve <target>`; the child answers over IPC with {port} once listening and {cpu} when asked. */
export function startServer<T extends string>(script: string, target: T): Promise<Server<T> & { info: Record<string, unknown> }> {
  // Request logs go to /dev/null: the cost of writing them is measured, a terminal full of them is not.
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server, for finding where a request's time goes.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...flags, ...prof, '--import', 'tsx', script, 'serve', target], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const cpuMs = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m: { cpu: NodeJS.CpuUsage }) => resolve((m.cpu.user + m.cpu.system) / 1000));
      child.send('cpu');
    });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number } & Record<string, unknown>) => resolve({ target, child, port: m.port, cpuMs, info: m }));
    child.once('exit', (code) => reject(new Error(`bench server (${target}) exited with ${code}`)));
  });
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface Measured extends RunResult {
  /** Share of one core the server process used during the window, and the load generator likewise. */
  serverCpu: number;
  clientCpu: number;
}

export async function measure(server: Server, request: LoadRequest): Promise<Measured> {
  await load(server.port, request, WARMUP_SECONDS);
  const serverBefore = await server.cpuMs();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await load(server.port, request, SECONDS);
  const wall = performance.now() - started;
  const client = process.cpuUsage(clientBefore);
  return { ...result, serverCpu: ((await server.cpuMs()) - serverBefore) / wall, clientCpu: (client.user + client.system) / 1000 / wall };
}

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(8);
export const ms = (n: number) => `${n.toFixed(2)} ms`.padStart(9);
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const pct = (x: number) => `${Math.round(x * 100)}%`.padStart(5);

/** The baseline every HTTP benchmark prints beside its figure: the cheapest possible Fastify route. Returns its port. */
export async function serveHelloWorld(): Promise<number> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}

/**
 * The real app for an HTTP benchmark: a throw-away DATA_DIR, no web build, no payment sweep; `env` adds to or overrides
 * the environment. PGlite in memory, or PostgreSQL when BENCH_DATABASE_URL is set. Returns its port.
 */
export async function serveApp(env: Record<string, string> = {}): Promise<number> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { buildApp } = await import('../../apps/server/src/app');
  const { parseConfig } = await import('../../apps/server/src/config');
  const { openDatabase } = await import('../../apps/server/src/db/client');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lx-bench-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const config = parseConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    PAY_SWEEP_INTERVAL_MS: '0',
    ...env,
  });
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: 'memory://' });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}
