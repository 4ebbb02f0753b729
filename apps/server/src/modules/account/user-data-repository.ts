import { eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { UserDataTable } from '../../db/user-data';

/**
 * The SQL pieces the merge, the export and the erasure build from db/user-data.ts, so each rule of that list is
 * interpreted in one place. Used by this module's other repositories only.
 */

/** Who the rows belong to: the account id, its phone, and the WeChat ids of its linked identities. */
export interface Owner {
  id: string;
  phone: string | null;
  openids: string[];
  unionids: string[];
}

/** The property name drizzle's set() and row objects use for a column of a table. */
export function keyOf(table: PgTable, column: PgColumn): string {
  // By name too: drizzle hands out a composite primary key's columns as copies of the table's own.
  const hit = Object.entries(getTableColumns(table)).find(([, c]) => c === column || c.name === column.name);
  if (!hit) throw new Error(`column ${column.name} is not in table ${getTableConfig(table).name}`);
  return hit[0];
}

/** The primary-key column of a table with a single-column key. */
export function primaryColumn(table: PgTable): PgColumn {
  const config = getTableConfig(table);
  const pk = config.columns.find((c) => c.primary) ?? config.primaryKeys[0]?.columns[0];
  if (!pk) throw new Error(`table ${config.name} has no primary key`);
  return pk;
}

/** The columns an export pages by: the rule's `order`, else the primary key. Unique together, never a timestamp. */
export function pageOrder(table: PgTable, order: PgColumn[] | undefined): PgColumn[] {
  if (order?.length) return order;
  const config = getTableConfig(table);
  const single = config.columns.filter((c) => c.primary);
  return single.length ? single : (config.primaryKeys[0]?.columns ?? []);
}

const PATH = /^[a-z_]+$/;

/**
 * The rows of a table that belong to the owner: by user column, by a `key` phone, or by a WeChat profile holding
 * one of the owner's ids. Never by a phone someone typed: an anonymous contact message or a stranger's send-code
 * consent that names the number is not the owner's. Undefined when nothing can match.
 */
export function ownRows(e: UserDataTable, o: Owner): SQL | undefined {
  const parts: SQL[] = [];
  if (e.user) parts.push(eq(e.user, o.id));
  for (const p of e.phones ?? []) if (p.is === 'key' && o.phone) parts.push(eq(p.column, o.phone));
  if (e.wechatProfileIn) {
    const { column, path } = e.wechatProfileIn;
    if (!PATH.test(path)) throw new Error(`bad JSON path ${path}`);
    const field = (name: string) => sql`(${column} -> ${sql.raw(`'${path}'`)} ->> ${sql.raw(`'${name}'`)})`;
    if (o.openids.length) parts.push(inArray(field('openid'), o.openids));
    if (o.unionids.length) parts.push(inArray(field('unionid'), o.unionids));
  }
  return parts.length ? or(...parts) : undefined;
}

/** The owner as the rules need them: the WeChat ids come from every listed table that declares `wechatIds`. */
export async function loadOwner(db: Db, list: UserDataTable[], user: { id: string; phone: string | null }): Promise<Owner> {
  const owner: Owner = { id: user.id, phone: user.phone, openids: [], unionids: [] };
  for (const e of list) {
    if (!e.user) continue;
    for (const column of e.wechatIds ?? []) {
      const rows = await db.select({ v: column }).from(e.table).where(eq(e.user, user.id));
      const into = column.name.endsWith('unionid') ? owner.unionids : owner.openids;
      for (const r of rows) if (typeof r.v === 'string' && r.v) into.push(r.v);
    }
  }
  return owner;
}

/** Row-value comparison `(a, b) > ($1, $2)` for keyset paging, each value encoded as its column expects. */
export function after(order: PgColumn[], values: unknown[]): SQL {
  return sql`(${sql.join(order, sql`, `)}) > (${sql.join(
    order.map((c, i) => sql.param(values[i], c)),
    sql`, `,
  )})`;
}
