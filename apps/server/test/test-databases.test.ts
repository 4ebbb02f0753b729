import { describe, expect, it } from 'vitest';
import { dbTargets, freshDatabase } from './support/databases';

/**
 * The test databases themselves: a PGlite database one file gave back is reused by the next (support/databases.ts), so
 * it must come back as a freshly migrated one would; a PostgreSQL one is created from the run's template.
 */
describe('test databases', () => {
  it('hands a reused PGlite database over empty, ids restarting, with no listener, lock or setting of the last file', async () => {
    const first = await freshDatabase('pglite');
    const db = first.database;
    await db.query("insert into sms_outbox (phone, content) values ('13800138000', '验证码')", []);
    const heard: string[] = [];
    await db.listen(
      'lx_test_channel',
      (p) => heard.push(p),
      () => {},
    );
    await db.query("select set_config('statement_timeout', '1234', false)", []);
    await db.query('select pg_advisory_lock(4242)', []);
    await db.query('create temporary table leftover (x int)', []);
    await first.drop();

    const second = await freshDatabase('pglite');
    expect(second.database).toBe(db);
    expect(await db.query('select count(*)::int as n from sms_outbox', [])).toEqual([{ n: 0 }]);
    expect(await db.query("insert into sms_outbox (phone, content) values ('13800138001', '验证码') returning id", [])).toEqual([
      { id: 1 },
    ]);
    expect(await db.query('show statement_timeout', [])).toEqual([{ statement_timeout: '0' }]);
    expect(await db.query("select count(*)::int as n from pg_locks where locktype = 'advisory'", [])).toEqual([{ n: 0 }]);
    expect(await db.query("select count(*)::int as n from pg_class where relname = 'leftover'", [])).toEqual([{ n: 0 }]);
    await db.query("select pg_notify('lx_test_channel', 'after')", []);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([]);
    // Its migrations are still recorded: migrating again changes nothing.
    await db.migrate();
    await second.drop();
  });

  it('does not reuse a PGlite database the test closed itself', async () => {
    const first = await freshDatabase('pglite');
    await first.database.close();
    await first.drop();
    const second = await freshDatabase('pglite');
    expect(second.database).not.toBe(first.database);
    expect(await second.database.query('select 1 as one', [])).toEqual([{ one: 1 }]);
    await second.drop();
  });

  it.skipIf(!dbTargets.includes('postgres'))('creates each PostgreSQL database migrated and empty, its own', async () => {
    const a = await freshDatabase('postgres');
    const b = await freshDatabase('postgres');
    try {
      expect(a.url).not.toBe(b.url);
      await a.database.query("insert into sms_outbox (phone, content) values ('13800138000', '验证码')", []);
      expect(await b.database.query('select count(*)::int as n from sms_outbox', [])).toEqual([{ n: 0 }]);
      expect(await a.database.query('select count(*)::int as n from sms_outbox', [])).toEqual([{ n: 1 }]);
    } finally {
      await a.drop();
      await b.drop();
    }
  });
});
