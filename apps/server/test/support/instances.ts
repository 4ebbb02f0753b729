import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { testConfig } from './app';
import { freshDatabase, type DbTarget } from './databases';

export interface Instances {
  apps: FastifyInstance[];
  /** http://127.0.0.1:<port> of each instance. */
  bases: string[];
  database: Database;
  /** Moves every instance's clock forward. */
  advance(ms: number): void;
  now(): Date;
}

/**
 * `n` instances of the app on one database, each listening on its own port, as several processes behind the proxy
 * would be (on PGlite they share the one embedded database in this process). They share a clock tests can move.
 */
export function useInstances(target: DbTarget, n: number, env: Record<string, string> = {}): Instances {
  let offset = 0;
  let drop: () => Promise<void> = async () => {};
  const now = () => new Date(Date.now() + offset);
  const inst = { apps: [], bases: [], advance: (ms: number) => void (offset += ms), now } as unknown as Instances;
  beforeAll(async () => {
    const fresh = await freshDatabase(target);
    drop = fresh.drop;
    inst.database = fresh.database;
    for (let i = 0; i < n; i++) {
      const app = await buildApp({ config: testConfig(env), database: fresh.database, now });
      await app.listen({ port: 0, host: '127.0.0.1' });
      inst.apps.push(app);
      inst.bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    for (const app of inst.apps) await app.close();
    await drop();
  });
  return inst;
}
