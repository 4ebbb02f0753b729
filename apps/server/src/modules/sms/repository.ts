import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema';

export function createSmsRepository(db: Db) {
  return {
    /** Serialises sends per phone across every instance: the cooldown check and the insert happen under one lock. */
    withPhoneLock<T>(phone: string, fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + phone}))`);
        return fn(tx as unknown as Db);
      });
    },
    async lastSentAt(tx: Db, phone: string): Promise<Date | null> {
      const [row] = await tx
        .select({ at: smsCodes.createdAt })
        .from(smsCodes)
        .where(eq(smsCodes.phone, phone))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row?.at ?? null;
    },
    async countForPhoneSince(tx: Db, phone: string, since: Date) {
      const [row] = await tx
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    async countForIpSince(tx: Db, ip: string, since: Date) {
      const [row] = await tx
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, since)));
      return row?.n ?? 0;
    },
    /** A new code retires the older ones for the same purpose, so only the latest SMS works. */
    async insert(tx: Db, v: { phone: string; purpose: string; codeHash: string; ip: string; createdAt: Date; expiresAt: Date }) {
      await tx
        .update(smsCodes)
        .set({ consumedAt: v.createdAt })
        .where(and(eq(smsCodes.phone, v.phone), eq(smsCodes.purpose, v.purpose), isNull(smsCodes.consumedAt)));
      const [row] = await tx.insert(smsCodes).values(v).returning({ id: smsCodes.id });
      return row!.id;
    },
    async deleteById(tx: Db, id: number) {
      await tx.delete(smsCodes).where(eq(smsCodes.id, id));
    },
    async latestLive(phone: string, purpose: string) {
      const [row] = await db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      return row ?? null;
    },
    /**
     * Reserves one try at the live code before it is compared, in one conditional UPDATE: only while it is unexpired,
     * unused and has tries left. Concurrent guesses queue on the row lock and each re-checks the count, so no more
     * than `maxAttempts` guesses are ever compared. Null when there is nothing to try (the caller says why).
     */
    async reserveAttempt(phone: string, purpose: string, now: Date, maxAttempts: number) {
      const live = db
        .select({ id: smsCodes.id })
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      const [row] = await db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(
          and(
            eq(smsCodes.id, sql`(${live})`),
            isNull(smsCodes.consumedAt),
            gt(smsCodes.expiresAt, now),
            lt(smsCodes.attempts, maxAttempts),
          ),
        )
        .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash, attempts: smsCodes.attempts });
      return row ?? null;
    },
    /** Single use even under concurrent verifications: only one UPDATE finds consumed_at still null. */
    async consume(id: number, now: Date) {
      const rows = await db
        .update(smsCodes)
        .set({ consumedAt: now })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },
  };
}
export type SmsRepository = ReturnType<typeof createSmsRepository>;
