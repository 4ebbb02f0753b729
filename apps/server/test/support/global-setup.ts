import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer, migratedPglite } from '../../server-build.mjs';
import { createPostgresTemplate } from './postgres-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory as a tarball; every PGlite test database starts from it. */
    pgliteTemplate: string;
    /** The same database as a data directory on disk: a spawned server (support/server-process.ts) starts from a copy. */
    pgliteDataDir: string;
    /** With TEST_DATABASE_URL: a migrated, empty PostgreSQL database every test database is created from. */
    postgresTemplate: string;
  }
}

/**
 * initdb and the migrations cost ~2 s of CPU for each PGlite database (~5 s in a server process of its own); loading a
 * dump of a migrated one ~1 s, so each worker also reuses its databases (support/databases.ts). Made once per run, so a
 * new migration is always in it. On PostgreSQL, a migrated template database (~0.3 s a test database less).
 */
export async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'lx-pglite-template-'));
  const dataDir = path.join(dir, 'pglite');
  const file = path.join(dir, 'template.tar');
  const [, postgres, dump] = await Promise.all([
    // The tests that start the server as a process run the bundle `npm start` runs, built from this checkout (ADR 028).
    buildServer(),
    process.env.TEST_DATABASE_URL ? createPostgresTemplate(process.env.TEST_DATABASE_URL) : null,
    migratedPglite(dataDir, { dump: true }),
  ]);
  writeFileSync(file, dump);
  project.provide('pgliteTemplate', file);
  project.provide('pgliteDataDir', dataDir);
  project.provide('postgresTemplate', postgres?.name ?? '');
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await postgres?.drop();
  };
}
