import { and, asc, eq, getTableColumns, lte, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accountExportLeases, users } from '../../db/schema';
import { USER_DATA, type UserDataTable } from '../../db/user-data';
import { after, keyOf, loadOwner, ownRows, pageOrder, primaryColumn, type Owner } from './user-data-repository';

export type StoredRow = Record<string, unknown>;

/** Rows read per query: a chat message holds up to ~120 KB, so a page stays in the low megabytes. */
export const EXPORT_PAGE_ROWS = 100;

/** Rows as stored: column names, dates as ISO strings, minus the columns named (secrets, keys, the owner's id). */
function asStored(table: PgTable, omit: PgColumn[]): (row: StoredRow) => StoredRow {
  const fields = Object.entries(getTableColumns(table)).filter(([, c]) => !omit.includes(c));
  return (row) => {
    const out: StoredRow = {};
    for (const [key, c] of fields) {
      const v = row[key];
      out[c.name] = v instanceof Date ? v.toISOString() : v;
    }
    return out;
  };
}

/** What the personal-data export reads, page by page, so no export holds more than a page of rows in memory. */
export function createExportRepository(db: Db, list: UserDataTable[] = USER_DATA) {
  /** Keyset pages of a table's rows matching `where`, ordered by `order` (unique together), as drizzle reads them. */
  async function* pages(table: PgTable, where: SQL | undefined, order: PgColumn[]): AsyncGenerator<StoredRow[]> {
    let last: unknown[] | null = null;
    for (;;) {
      const rows = (await db
        .select()
        .from(table)
        .where(and(where, last ? after(order, last) : undefined))
        .orderBy(...order.map((c) => asc(c)))
        .limit(EXPORT_PAGE_ROWS)) as StoredRow[];
      if (rows.length) yield rows;
      const tail = rows.at(-1);
      if (!tail || rows.length < EXPORT_PAGE_ROWS) return;
      last = order.map((c) => tail[keyOf(table, c)]);
    }
  }

  return {
    /** The tables the export walks, in the order its sections are written. */
    list,
    owner: (user: { id: string; phone: string | null }) => loadOwner(db, list, user),

    /**
     * The owner's rows of a listed table as stored, minus the rule's omitted columns and the user column; `link`
     * narrows them to the rows nested in one parent row (a chat's messages). Each comes with its primary key, which
     * a nested table needs even when it is not shown.
     */
    async *rowsOf(
      e: UserDataTable,
      owner: Owner,
      o: { order?: PgColumn[]; omit?: PgColumn[]; link?: { column: PgColumn; value: unknown } } = {},
    ): AsyncGenerator<{ row: StoredRow; key: unknown }[]> {
      const own = ownRows(e, owner);
      if (!own) return;
      const shape = asStored(e.table, [...(o.omit ?? []), ...(e.user ? [e.user] : [])]);
      const key = keyOf(e.table, primaryColumn(e.table));
      const where = o.link ? and(own, eq(o.link.column, o.link.value)) : own;
      for await (const page of pages(e.table, where, pageOrder(e.table, o.order))) {
        yield page.map((r) => ({ row: shape(r), key: r[key] }));
      }
    },

    /** The people who named this phone as their referrer, oldest first. */
    async *referrals(phone: string): AsyncGenerator<StoredRow[]> {
      const shape = asStored(users, []);
      for await (const page of pages(users, eq(users.referrerPhone, phone), [users.id])) yield page.map(shape);
    },

    /** Takes the person's export lease unless a live one exists (another export of theirs is running somewhere). */
    async takeLease(userId: string, now: Date, until: Date): Promise<boolean> {
      const rows = await db
        .insert(accountExportLeases)
        .values({ userId, startedAt: now, expiresAt: until })
        .onConflictDoUpdate({
          target: accountExportLeases.userId,
          set: { startedAt: now, expiresAt: until },
          setWhere: lte(accountExportLeases.expiresAt, now),
        })
        .returning({ userId: accountExportLeases.userId });
      return rows.length === 1;
    },

    /** Releases the lease this export took (not a later one taken after it expired). */
    async releaseLease(userId: string, startedAt: Date): Promise<void> {
      await db.delete(accountExportLeases).where(and(eq(accountExportLeases.userId, userId), eq(accountExportLeases.startedAt, startedAt)));
    },
  };
}
export type ExportRepository = ReturnType<typeof createExportRepository>;
