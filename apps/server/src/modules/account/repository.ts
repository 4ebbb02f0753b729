import { maskPhone } from '@lingxi/shared';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { USER_DATA, type UserDataTable } from '../../db/user-data';
import type { AccountChanged } from '../auth';
import { keyOf, loadOwner, ownRows } from './user-data-repository';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const id = (c: PgColumn) => sql.identifier(c.name);

/** The user ids a write touched (returned by the statement), so their cached accounts are evicted. */
async function touched(rows: Promise<{ u: unknown }[]>, out: Set<string>) {
  for (const r of await rows) if (typeof r.u === 'string') out.add(r.u);
}

/**
 * Applies db/user-data.ts to one person: account deletion (PIPL Art. 47) and the joining of a WeChat-only account
 * into the account that owns the phone it binds. Every table holding personal data is reached through that list.
 */
export function createAccountRepository(db: Db, changed: AccountChanged = () => {}, list: UserDataTable[] = USER_DATA) {
  async function mergeTable(tx: Tx, e: UserDataTable, from: UserRow, into: UserRow) {
    const rule = e.merge;
    if (rule === 'none' || rule === 'account' || !e.user) return;
    if (rule === 'drop') {
      await tx.delete(e.table).where(eq(e.user, from.id));
      return;
    }
    if (rule === 'moveIfAbsent') {
      // One row per account: the kept account's own row wins; the joined account's then goes with it (cascade).
      await tx.execute(sql`update ${e.table} set ${id(e.user)} = ${into.id} where ${id(e.user)} = ${from.id}
        and not exists (select 1 from ${e.table} where ${id(e.user)} = ${into.id})`);
      return;
    }
    if (rule === 'move') {
      const set: Record<string, unknown> = { [keyOf(e.table, e.user)]: into.id };
      for (const p of e.phones ?? []) if (p.is === 'owner') set[keyOf(e.table, p.column)] = into.phone;
      await tx.update(e.table).set(set).where(eq(e.user, from.id));
      return;
    }
    // addUp: the joined account's counters are added to the kept account's rows of the same key.
    const user = e.user;
    const carried = [...rule.key, ...rule.addUp];
    await tx.execute(sql`insert into ${e.table} (${id(user)}, ${sql.join(carried.map(id), sql`, `)})
      select ${into.id}::${sql.raw(user.getSQLType())}, ${sql.join(carried.map(id), sql`, `)} from ${e.table} where ${id(user)} = ${from.id}
      on conflict (${id(user)}, ${sql.join(rule.key.map(id), sql`, `)}) do update set ${sql.join(
        rule.addUp.map((c) => sql`${id(c)} = ${e.table}.${id(c)} + excluded.${id(c)}`),
        sql`, `,
      )}`);
    await tx.delete(e.table).where(eq(user, from.id));
  }

  return {
    /**
     * Moves everything `from` holds into `into` by each table's merge rule and deletes `from`, in one transaction.
     * `guard` sees both accounts' WeChat unionids first, inside the transaction, and throws to refuse the join.
     */
    async merge(from: UserRow, into: UserRow, guard: (fromUnionids: string[], intoUnionids: string[]) => void): Promise<void> {
      await db.transaction(async (tx) => {
        const [a, b] = [await loadOwner(tx, list, from), await loadOwner(tx, list, into)];
        guard(a.unionids, b.unionids);
        for (const e of list) await mergeTable(tx, e, from, into);
        // Whatever a table's rule left behind goes with the row (cascade): the caller signs in as `into`.
        await tx.delete(users).where(eq(users.id, from.id));
      });
      changed(from.id);
      changed(into.id);
    },

    /**
     * Erases the person in one transaction: their rows deleted or anonymised by each table's rule (matched by user
     * id, by a phone-keyed table's number and by their WeChat ids), then their number cleared from other people's
     * rows that name it (a referrer, a contact form, a stranger's send-code consent), then the account itself.
     */
    async erase(user: UserRow): Promise<void> {
      const evict = new Set<string>([user.id]);
      await db.transaction(async (tx) => {
        const owner = await loadOwner(tx, list, user);
        for (const e of list) {
          const own = ownRows(e, owner);
          if (!own || e.erase === 'account') continue;
          if (e.erase === 'delete') {
            await tx.delete(e.table).where(own);
          } else {
            const set: Record<string, unknown> = {};
            if (e.user) set[keyOf(e.table, e.user)] = null;
            for (const p of e.phones ?? []) if (p.is === 'owner') set[keyOf(e.table, p.column)] = null;
            await tx.update(e.table).set(set).where(own);
          }
        }
        await tx.delete(users).where(eq(users.id, user.id));
        if (!user.phone) return;
        for (const e of list) {
          for (const p of e.phones ?? []) {
            if (p.is === 'key') continue;
            // Their row stays, the number goes: null where the column allows it, else the masked form.
            const set = { [keyOf(e.table, p.column)]: p.column.notNull ? maskPhone(user.phone) : null };
            const u = e.user ?? sql`null`;
            await touched(tx.update(e.table).set(set).where(eq(p.column, user.phone)).returning({ u }), evict);
          }
        }
      });
      // Those who named this person as referrer now see referrer_id empty.
      for (const u of evict) changed(u);
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
