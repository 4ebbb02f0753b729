import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/app';
import { parseConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { freshDatabase, type DbTarget } from './databases';

export const ADMIN_PHONE = '13900000000';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** Moves the app's clock forward (SMS expiry, sessions). */
  advance(ms: number): void;
  /** The app's clock as it reads now. */
  now(): Date;
  inject(o: InjectOptions): Promise<LightMyRequestResponse>;
}

export function testConfig(env: Record<string, string> = {}) {
  return parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lx-test-')),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ADMIN_PHONES: ADMIN_PHONE,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    // A test that closes its app with a reply still open should not wait out the production grace period.
    SHUTDOWN_GRACE_MS: '1000',
    ...env,
  });
}

/** Builds the real app on a fresh database of `target` for the enclosing describe block. */
export function useTestApp(
  target: DbTarget,
  opts: {
    env?: Record<string, string>;
    build?: Partial<BuildOptions>;
    beforeReady?: (app: FastifyInstance, database: Database) => void;
  } = {},
): TestContext {
  let offset = 0;
  const ctx = {} as TestContext;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const fresh = await freshDatabase(target);
    drop = fresh.drop;
    ctx.database = fresh.database;
    ctx.app = await buildApp({
      config: testConfig(opts.env),
      database: fresh.database,
      now: () => new Date(Date.now() + offset),
      ...opts.build,
    });
    opts.beforeReady?.(ctx.app, ctx.database);
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await drop();
  });
  ctx.advance = (ms) => void (offset += ms);
  ctx.now = () => new Date(Date.now() + offset);
  ctx.inject = (o) => ctx.app.inject(o);
  return ctx;
}
