import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inject } from 'vitest';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../src/db/client';

export type DbTarget = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const dbTargets: DbTarget[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tier would be skipped silently');
}

let template: Promise<Blob> | undefined;
/** The migrated template the integration tier's global set-up dumped (support/global-setup.ts), read once per worker. */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject('pgliteTemplate')).then((b) => new Blob([b]));
  return template;
}

let assets: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
/** PGlite's engine compiled and its file-system bundle read once per worker, not once per database. */
function pgliteAssets() {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  assets ??= Promise.all([
    readFile(path.join(dist, 'pglite.wasm')).then((b) => WebAssembly.compile(b)),
    readFile(path.join(dist, 'pglite.data')).then((b) => new Blob([b])),
  ]).then(([pgliteWasmModule, fsBundle]) => ({ pgliteWasmModule, fsBundle }));
  return assets;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new PostgreSQL database created next to
 * TEST_DATABASE_URL and dropped afterwards, so files never see each other's rows.
 */
export async function freshDatabase(target: DbTarget): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (target === 'pglite') {
    const database = await openDatabase({
      dataDir: 'memory://',
      pgliteSnapshot: await pgliteTemplate(),
      pgliteAssets: await pgliteAssets(),
    });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  // TEST_DB_PREFIX (set by .ci/run) names this run's databases, so its clean-up never drops another run's.
  const name = `${process.env.TEST_DB_PREFIX ?? 'lx_t_'}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
