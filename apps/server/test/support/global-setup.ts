import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../server-build.mjs';
import { migrationsFolder } from '../../src/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory as a tarball; every PGlite test database starts from it. */
    pgliteTemplate: string;
    /** The same database as a data directory on disk: a spawned server (support/server-process.ts) starts from a copy. */
    pgliteDataDir: string;
  }
}

/**
 * initdb and the migrations cost ~2 s of CPU for each of the ~50 PGlite databases a run opens (~5 s in a server process
 * of its own); loading a dump of a migrated one costs ~0.3 s. Made once per run, so a new migration is always in it.
 */
export async function setup(project: TestProject) {
  // The tests that start the server as a process run the bundle `npm start` runs, built from this checkout (ADR 028).
  await buildServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'lx-pglite-template-'));
  const dataDir = path.join(dir, 'pglite');
  const client = await PGlite.create(dataDir);
  await migrate(drizzle({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgliteDataDir', dataDir);
  return () => rmSync(dir, { recursive: true, force: true });
}
