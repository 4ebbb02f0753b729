import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { serverArgs } from '../../server-build.mjs';

const root = path.resolve(import.meta.dirname, '../../../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Resolves 'ready' once /api/ready answers 200, or 'exited' if the process ends first. */
  ready(ms?: number): Promise<'ready' | 'exited'>;
  /** SIGKILL if still running. */
  kill(): void;
}

/**
 * Starts the server bundle as `npm start` and production do (global-setup builds it), on its own port and DATA_DIR. Only the variables in
 * `env` (plus PATH and HOME) reach it, so a developer's shell cannot change what the test sees. On PGlite the DATA_DIR
 * holds a copy of the run's migrated database (global-setup), as after a first `npm start`; `emptyDataDir` starts
 * from nothing instead, as on a new machine.
 */
export async function startServer(env: Record<string, string>, o: { port?: number; emptyDataDir?: boolean } = {}): Promise<ServerProcess> {
  const port = o.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lx-proc-'));
  if (!env.DATABASE_URL && !o.emptyDataDir) cpSync(inject('pgliteDataDir'), path.join(dataDir, 'pglite'), { recursive: true });
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  let done = false;
  const exited = new Promise<number | null>((r) =>
    child.on('exit', (code) => {
      done = true;
      r(code);
    }),
  );
  return {
    child,
    base,
    output: () => out,
    exited,
    async ready(ms = 60_000) {
      const until = Date.now() + ms;
      while (Date.now() < until && !done) {
        try {
          if ((await fetch(`${base}/api/ready`)).ok) return 'ready';
        } catch {
          /* not listening yet */
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      if (done) return 'exited';
      throw new Error(`not ready within ${ms} ms: ${base}\n${out}`);
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
