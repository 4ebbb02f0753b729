import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { getTableName, is } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';
import { USER_DATA, type UserDataTable } from './user-data';
import { personColumns, undeclaredPersonColumns } from './user-data-columns';

const tables = Object.values(schema).filter((v) => is(v, PgTable)) as PgTable[];

describe('the list of user-owned tables (db/user-data.ts)', () => {
  it('lists every table with a column that names a person, and declares each such column', () => {
    const missing = undeclaredPersonColumns(tables, USER_DATA);
    // The message is the instruction: a new table's author reads exactly what to add and where.
    expect(missing.map((m) => m.advice).join('\n\n'), 'apps/server/src/db/user-data.ts is incomplete').toBe('');
  });

  it('finds the person columns by name and by foreign key to users', () => {
    const found = (t: PgTable) => personColumns(t).map((c) => c.name);
    expect(found(schema.chatMessages)).toEqual(['user_id']);
    expect(found(schema.contactMessages)).toEqual(['user_id', 'phone']);
    expect(found(schema.users)).toEqual(['id', 'phone', 'referrer_phone']);
    expect(found(schema.wechatIdentities)).toEqual(['user_id', 'openid', 'unionid']);
    expect(found(schema.serviceTypes)).toEqual([]);
  });

  it('fails, naming the file and the entry to add, for a table that is not listed', () => {
    const withoutBazi = USER_DATA.filter((e) => e.table !== schema.baziCharts);
    const [miss] = undeclaredPersonColumns(tables, withoutBazi);
    expect(miss?.table).toBe('bazi_charts');
    expect(miss?.advice).toContain('apps/server/src/db/user-data.ts');
    expect(miss?.advice).toContain(
      "{ table: baziCharts, user: baziCharts.userId, merge: 'move', export: { section: 'bazi_charts' }, erase: 'delete' }",
    );
  });

  it('fails for a listed table whose new person column is not declared', () => {
    const entry = USER_DATA.find((e) => e.table === schema.contactMessages);
    const withoutPhone: UserDataTable[] = USER_DATA.map((e) => (e === entry ? { ...e, phones: [] } : e));
    const [miss] = undeclaredPersonColumns(tables, withoutPhone);
    expect(miss?.table).toBe('contact_messages');
    expect(miss?.advice).toContain('phone');
  });

  it('declares only columns of the entry’s own table, each table once', () => {
    const names = USER_DATA.map((e) => getTableName(e.table));
    expect(new Set(names).size).toBe(names.length);
    for (const e of USER_DATA) {
      const own = new Set(getTableConfig(e.table).columns);
      const declared: PgColumn[] = [
        ...(e.user ? [e.user] : []),
        ...(e.phones ?? []).map((p) => p.column),
        ...(e.wechatIds ?? []),
        ...(e.wechatProfileIn ? [e.wechatProfileIn.column] : []),
      ];
      for (const c of declared) expect(own.has(c), `${getTableName(e.table)}.${c.name}`).toBe(true);
    }
  });

  it('nests rows only inside a listed table that is exported as a section', () => {
    for (const e of USER_DATA) {
      if (typeof e.export !== 'object' || !('nestIn' in e.export)) continue;
      const parent = USER_DATA.find((p) => p.table === (e.export as { nestIn: PgTable }).nestIn);
      expect(parent && typeof parent.export === 'object' && 'section' in parent.export).toBe(true);
    }
  });
});
