import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer, migratedPglite, serverArgs } from '../../server/server-build.mjs';
import { buildWeb, isWebBuildStale } from '../web-build.mjs';
import { chromiumPath, headlessPath, repoRoot, webRoot } from './support/paths';
import { E2E_WORKERS } from './support/workers';

export const ADMIN_PHONE = '13900000000';
/** The spec's 60 s between two codes for one phone would make the suite wait minutes; its rule is tested on the server. */
export const SMS_RESEND_SECONDS = 3;

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (support/server.ts picks this worker's). */
    baseUrls: string[];
    adminPhone: string;
    /** The server's SMS resend window in this run (SMS_RESEND_SECONDS). */
    smsResendSeconds: number;
    /** Set when the suite cannot run here (no Chromium outside CI); tests skip with this text. */
    skipReason: string;
    /** A migrated PGlite data directory (DATA_DIR/pglite) that a spec's own server starts on a copy of. */
    migratedPglite: string;
  }
}

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

async function waitForReady(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
  throw new Error(`e2e: server did not become ready at ${baseUrl}/api/ready\n${log}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    process.kill(child.pid!, 'SIGTERM');
  });
}

/**
 * One server as `npm start` runs it, on its own port and data directory, whose database starts as a copy of `migrated`
 * (the first start on an empty one, initdb and every migration, is the server-process integration test's).
 */
async function startServer(migrated: string): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lingxi-e2e-'));
  cpSync(migrated, path.join(dataDir, 'pglite'), { recursive: true });
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, serverArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Run the server as `npm start` would, not in vitest's NODE_ENV=test.
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(webRoot, 'dist'),
      ADMIN_PHONES: ADMIN_PHONE,
      SMS_PROVIDER: 'sandbox',
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1; production-sized per-IP limits would throttle the suite itself.
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      SMS_IP_HOURLY_LIMIT: '1000',
      SMS_RESEND_SECONDS: String(SMS_RESEND_SECONDS),
      // The history test fills a long chat through save-message (30 a minute in production).
      CHAT_SAVE_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stopServer = async () => {
    await stop(child);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(baseUrl, child, logFile);
  } catch (error) {
    await stopServer();
    throw error;
  }
  return { baseUrl, stop: stopServer };
}

export default async function setup(project: TestProject) {
  const missing = [chromiumPath, headlessPath].find((p) => !existsSync(p));
  if (missing) {
    const reason = `Chromium not found at ${missing} (set CHROMIUM_PATH / CHROMIUM_HEADLESS_PATH)`;
    if (process.env.CI === 'true') throw new Error(`e2e: ${reason}`);
    console.warn(`\n[e2e] skipping browser tests: ${reason}\n`);
    project.provide('skipReason', reason);
    project.provide('baseUrls', []);
    project.provide('adminPhone', ADMIN_PHONE);
    project.provide('smsResendSeconds', SMS_RESEND_SECONDS);
    project.provide('migratedPglite', '');
    return;
  }

  const template = mkdtempSync(path.join(tmpdir(), 'lingxi-e2e-template-'));
  const migrated = path.join(template, 'pglite');
  try {
    await Promise.all([isWebBuildStale() ? buildWeb() : null, buildServer(), migratedPglite(migrated)]);
  } catch (error) {
    rmSync(template, { recursive: true, force: true });
    throw error;
  }
  const servers = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer(migrated)));
  const started = servers.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failure = servers.find((r) => r.status === 'rejected');
  if (failure) {
    await Promise.all(started.map((srv) => srv.stop()));
    rmSync(template, { recursive: true, force: true });
    throw failure.reason;
  }

  project.provide(
    'baseUrls',
    started.map((srv) => srv.baseUrl),
  );
  project.provide('adminPhone', ADMIN_PHONE);
  project.provide('smsResendSeconds', SMS_RESEND_SECONDS);
  project.provide('skipReason', '');
  project.provide('migratedPglite', migrated);

  return async () => {
    await Promise.all(started.map((srv) => srv.stop()));
    rmSync(template, { recursive: true, force: true });
  };
}
