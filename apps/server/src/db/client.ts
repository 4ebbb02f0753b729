import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';
import { migrationsFolder } from '../paths';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside db.transaction(…): repositories of two modules write one transaction through it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * One SQL statement with $1… parameters, as a prepared statement on PostgreSQL: for the chat turn's hot path, where
   * drizzle's query building and unprepared statements cost ~3× the CPU of the query itself (docs/benchmarks.md).
   */
  query<T = Record<string, unknown>>(text: string, params: unknown[]): Promise<T[]>;
  /**
   * LISTENs on a channel. `onConnect` runs every time the listening connection is (re)established: notifications sent
   * while it was down are lost, so a listener that caches must drop what it holds then.
   */
  listen(channel: string, onPayload: (payload: string) => void, onConnect: () => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL when a URL is given, else embedded PGlite: the same Drizzle schema and the same migrations run on both,
 * so what passes on the laptop passes in production (ADR 002).
 * `dataDir` of 'memory://' keeps a PGlite database in memory (tests); `pgliteSnapshot` starts it from a dumped data
 * directory instead of an empty cluster (tests start from one migrated template: initdb costs ~2 s a database), and
 * `pgliteAssets` hands in the engine's compiled WebAssembly and file-system bundle (tests open ~70 databases a run).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  pgliteSnapshot?: Blob;
  pgliteAssets?: { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob };
}): Promise<Database> {
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, { max: 10, onnotice: () => {}, connect_timeout: 10 });
    const db = drizzlePostgres({ client, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db as never, { migrationsFolder }),
      ping: async () => void (await db.execute(sql`select 1`)),
      query: async <T>(text: string, params: unknown[]) =>
        (await client.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true })) as unknown as T[],
      // postgres.js keeps a dedicated LISTEN connection and re-listens after it drops, calling onConnect each time.
      listen: async (channel, onPayload, onConnect) => void (await client.listen(channel, onPayload, onConnect)),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const where = opts.dataDir === 'memory://' ? undefined : path.join(opts.dataDir, 'pglite');
  if (where) mkdirSync(where, { recursive: true });
  // Loaded only here: the embedded engine costs ~40 MB in every process that imports it, used or not.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(where, {
    ...(opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {}),
    ...opts.pgliteAssets,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => void (await client.query('select 1')),
    query: async <T>(text: string, params: unknown[]) => (await client.query<T>(text, params)).rows,
    // In-process: the connection never drops, and a notification is delivered as its transaction commits.
    listen: async (channel, onPayload, onConnect) => {
      await client.listen(channel, onPayload);
      onConnect();
    },
    close: () => client.close(),
  };
}
