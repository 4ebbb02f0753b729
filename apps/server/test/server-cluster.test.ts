import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from './support/databases';
import { startServer } from './support/server-process';
import { until } from './support/until';

const pgUrl = process.env.TEST_DATABASE_URL;

/** The Node worker processes of a primary, from /proc. */
function workersOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        return (
          stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === String(pid) && readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'node'
        );
      } catch {
        return false;
      }
    });
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the server process tree', () => {
  it('stays one process on PGlite and says why when WEB_CONCURRENCY asks for more', async () => {
    const server = await startServer({ LOG_LEVEL: 'warn', WEB_CONCURRENCY: '3' });
    try {
      expect(await server.ready()).toBe('ready');
      expect(workersOf(server.child.pid as number)).toEqual([]);
      expect(server.output()).toContain('PGlite 是单进程嵌入式数据库：忽略 WEB_CONCURRENCY=3，以单进程运行（多进程请使用 PostgreSQL');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.kill();
    }
  }, 90_000);

  it.skipIf(!pgUrl)(
    'runs WEB_CONCURRENCY workers on PostgreSQL, replaces one that dies, and drains them all on SIGTERM',
    async () => {
      const db = await freshDatabase('postgres');
      const server = await startServer({
        LOG_LEVEL: 'info',
        DATABASE_URL: db.url as string,
        WEB_CONCURRENCY: '2',
        PAY_MODE: 'sandbox',
        WECHAT_PROVIDER: 'sandbox',
      });
      try {
        expect(await server.ready()).toBe('ready');
        const pid = server.child.pid as number;
        let workers = workersOf(pid);
        for (let i = 0; i < 50 && workers.length < 2; i++) {
          await new Promise((r) => setTimeout(r, 100));
          workers = workersOf(pid);
        }
        expect(workers).toHaveLength(2);
        expect(server.output()).toContain('serving with 2 worker processes');

        // /api/metrics counts the whole server, whichever worker answers the scrape (new connections go round robin).
        for (let i = 0; i < 6; i++) await fetch(`${server.base}/api/service-types`, { headers: { connection: 'close' } });
        for (let i = 0; i < 2; i++) {
          const text = await (await fetch(`${server.base}/api/metrics`, { headers: { connection: 'close' } })).text();
          expect(text).toMatch(/lingxi_http_requests_total\{method="GET",route="\/api\/service-types",status="200"\} 6\n/);
        }

        // A worker that dies is replaced; the service keeps answering meanwhile.
        const first = workers[0] as number;
        process.kill(first, 'SIGKILL');
        let replaced = workersOf(pid);
        for (let i = 0; i < 100 && !(replaced.length === 2 && !replaced.includes(first)); i++) {
          await new Promise((r) => setTimeout(r, 100));
          replaced = workersOf(pid);
        }
        expect(replaced).toHaveLength(2);
        expect(replaced).not.toContain(first);
        // Under load the replacement (or the other worker) may still be booting: the port answers again once one
        // of them listens.
        const status = await until(
          () =>
            fetch(`${server.base}/api/ready`).then(
              (r) => r.status,
              () => 0,
            ),
          (st) => st === 200,
          30_000,
        );
        expect(status).toBe(200);

        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(replaced.filter(alive)).toEqual([]);
      } finally {
        server.kill();
        await db.drop();
      }
    },
    120_000,
  );

  it.skipIf(!pgUrl)(
    'takes its workers down with it when the primary is killed outright',
    async () => {
      const db = await freshDatabase('postgres');
      const server = await startServer({ LOG_LEVEL: 'warn', DATABASE_URL: db.url as string, WEB_CONCURRENCY: '2' });
      try {
        expect(await server.ready()).toBe('ready');
        let workers = workersOf(server.child.pid as number);
        for (let i = 0; i < 50 && workers.length < 2; i++) {
          await new Promise((r) => setTimeout(r, 100));
          workers = workersOf(server.child.pid as number);
        }
        expect(workers).toHaveLength(2);
        server.kill();
        await server.exited;
        for (let i = 0; i < 100 && workers.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
        expect(workers.filter(alive)).toEqual([]);
      } finally {
        server.kill();
        await db.drop();
      }
    },
    120_000,
  );
});
