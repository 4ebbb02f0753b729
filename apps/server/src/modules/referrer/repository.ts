import { desc, eq, isNull, sql, and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { AccountChanged } from '../auth';

export function createReferrerRepository(db: Db, changed: AccountChanged = () => {}) {
  return {
    /**
     * Runs a bind under one database-wide lock: two people binding each other at the same moment would otherwise both
     * pass the cycle check. Binds are rare, so serialising them costs nothing.
     */
    withBindLock<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('referrer:bind'))`);
        return fn(tx as unknown as Db);
      });
    },

    /** True when walking up the referrer chain from `start` reaches `target` (so target → start would close a loop). */
    async chainReaches(tx: Db, start: string, target: string): Promise<boolean> {
      const rows = await tx.execute(sql`
        with recursive chain(phone, referrer, depth) as (
          select phone, referrer_phone, 1 from ${users} where phone = ${start}
          union
          select u.phone, u.referrer_phone, c.depth + 1 from ${users} u join chain c on u.phone = c.referrer where c.depth < 10000
        )
        select 1 as hit from chain where phone = ${target} limit 1`);
      const list = Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? []);
      return list.length > 0;
    },

    /** The binding never changes: only a row whose referrer is still empty is updated. */
    async bindIfUnset(tx: Db, userId: string, referrerPhone: string): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({ referrerPhone, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.referrerPhone)))
        .returning({ id: users.id });
      changed(userId);
      return rows.length === 1;
    },

    referralsOf(phone: string) {
      return db
        .select({ username: users.username, phone: users.phone, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.referrerPhone, phone))
        .orderBy(desc(users.createdAt))
        .limit(500);
    },
  };
}
export type ReferrerRepository = ReturnType<typeof createReferrerRepository>;
