/**
 * The real server (apps/server/dist/server.mjs, as `npm start` runs it) in its own process tree for a benchmark: the
 * primary and, on PostgreSQL, its worker processes. CPU time and memory are read from /proc for the whole tree.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, serverArgs } from '../../apps/server/server-build.mjs';
import { root } from './http-load';

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

export interface ServerTree {
  port: number;
  child: ChildProcess;
  /** The primary (or the only process) and its Node worker processes. */
  pids(): number[];
  /** CPU (user + system) used so far by every process of the tree, in ms. */
  cpuMs(): number;
  /** A /proc status field (VmRSS, VmHWM) in kB, summed over the tree; `each` lists it per process. */
  memKb(field: 'VmRSS' | 'VmHWM'): { total: number; each: number[] };
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function stat(pid: number): string[] | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (2nd field) may contain spaces: split after its closing parenthesis.
    return raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function status(pid: number, field: string): number {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

const nodeChildren = (parent: number) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      const s = stat(pid);
      // Fields after the name: state, ppid, … ; tsx's esbuild service is a child too, but not a Node process.
      return s?.[1] === String(parent) && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'node';
    });

const cpuOf = (pid: number) => {
  const s = stat(pid);
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat (11 and 12 after the name).
  return s ? (Number(s[11]) + Number(s[12])) * CLOCK_TICK_MS : 0;
};

/**
 * CPU (user + system) used so far by the local PostgreSQL server's processes, in ms: its backends live as long as the
 * server's pooled connections, so the difference over a window is the database's share of the work in it.
 */
export const postgresCpuMs = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .reduce((sum, pid) => sum + cpuOf(pid), 0);

/** Starts the server and waits until it answers /api/ready and, with workers, until every worker is up. */
export async function startServerTree(env: Record<string, string>, o: { workers: number; profileDir?: string }): Promise<ServerTree> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lx-bench-'));
  const prof = o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`] : [];
  // As `npm start` runs it: the server bundle (ADR 028), built from this checkout.
  await buildServer();
  const child = spawn(process.execPath, [...prof, ...serverArgs()], {
    cwd: root,
    // BENCH_LOG_LEVEL=warn shows the server's own account of a lost stream (its log on stdout).
    stdio: ['ignore', process.env.BENCH_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      PAY_SWEEP_INTERVAL_MS: '0',
      WEB_CONCURRENCY: String(o.workers),
      ...env,
    },
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const pid = child.pid as number;
  const pids = () => (o.workers > 1 ? [pid, ...nodeChildren(pid)] : [pid]);
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && pids().length === (o.workers > 1 ? o.workers + 1 : 1)) break;
    if (i > 600) throw new Error('server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Every worker answers once before the measurement (the connections are dealt round robin).
  for (let i = 0; i < o.workers * 4; i++) await fetch(`http://127.0.0.1:${port}/api/ready`, { headers: { connection: 'close' } });
  return {
    port,
    child,
    pids,
    cpuMs: () => pids().reduce((sum, p) => sum + cpuOf(p), 0),
    memKb(field) {
      const each = pids().map((p) => status(p, field));
      return { total: each.reduce((a, b) => a + b, 0), each };
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh PostgreSQL database next to `adminUrl`, dropped by `drop()`. */
export async function freshPg(adminUrl: string) {
  const { default: postgres } = await import('postgres');
  const name = `lx_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
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
