import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client';
import { adminSql, databaseUrl, testDatabaseName } from './postgres-template';

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

interface PgliteClient {
  readonly closed: boolean;
  query<T>(text: string): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
  unlisten(channel: string): Promise<void>;
}
const clientOf = (database: Database) => (database.db as unknown as { $client: PgliteClient }).$client;

/**
 * PGlite databases this worker's files have given back. Starting PGlite costs ~1 s of CPU even from the template (its
 * engine starts up and the 40 MB data directory is unpacked) — about half of what the integration tier spent between
 * files — so a database a file is done with is emptied and handed to the next file instead.
 */
const idle: Database[] = [];

/**
 * Makes a used database look freshly migrated: the session's state (listeners, advisory locks, settings, temporary
 * tables) gone, every application table empty and its ids restarting. The migrations seed no rows, and no test changes
 * the schema. Done when a file takes the database, so nothing a finished file's app still wrote survives into the next.
 */
async function reset(database: Database): Promise<void> {
  const client = clientOf(database);
  for (const { c } of (await client.query<{ c: string }>('select pg_listening_channels() as c')).rows) await client.unlisten(c);
  await client.exec('discard all');
  const tables = (await client.query<{ t: string }>("select format('%I', tablename) as t from pg_tables where schemaname = 'public'")).rows;
  await client.exec(`truncate ${tables.map((r) => r.t).join(', ')} restart identity cascade`);
}

async function pgliteDatabase(): Promise<Database> {
  for (let reused = idle.pop(); reused; reused = idle.pop()) {
    try {
      await reset(reused);
      return reused;
    } catch {
      await reused.close().catch(() => undefined);
    }
  }
  const database = await openDatabase({
    dataDir: 'memory://',
    pgliteSnapshot: await pgliteTemplate(),
    pgliteAssets: await pgliteAssets(),
  });
  await database.migrate();
  return database;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite (a reused one, emptied), or a new PostgreSQL
 * database created from the run's template next to TEST_DATABASE_URL and dropped afterwards, so files never see each
 * other's rows. A PGlite database the test closed itself is not reused.
 */
export async function freshDatabase(target: DbTarget): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (target === 'pglite') {
    const database = await pgliteDatabase();
    return { database, drop: async () => void (clientOf(database).closed || idle.push(database)) };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = testDatabaseName();
  const template = inject('postgresTemplate');
  await adminSql(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
  await database.migrate();
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await adminSql(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
