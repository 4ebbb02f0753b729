import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { serverArgs } from '../../../server/server-build.mjs';
import { repoRoot, webRoot } from './paths';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A second server for a spec that needs settings the shared one must not have (a one-minute break reminder, an extra
 * moderation word): the same built web and server code as global-setup starts, on its own port and data directory
 * (a copy of the migrated one).
 */
export async function startOwnServer(env: Record<string, string>, extraWords?: string[]) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lx-e2e-own-'));
  // A copy of the migrated database global-setup made: initdb and every migration again cost ~5 s of CPU.
  cpSync(inject('migratedPglite'), path.join(dataDir, 'pglite'), { recursive: true });
  if (extraWords) writeFileSync(path.join(dataDir, 'extra-words.txt'), `${extraWords.join('\n')}\n`);
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, serverArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(webRoot, 'dist'),
      SMS_PROVIDER: 'sandbox',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      SMS_IP_HOURLY_LIMIT: '1000',
      SMS_RESEND_SECONDS: '3',
      ...(extraWords ? { MODERATION_EXTRA_WORDS_FILE: path.join(dataDir, 'extra-words.txt') } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`e2e: own server did not start\n${output.slice(-3000)}`);
    const ok = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
