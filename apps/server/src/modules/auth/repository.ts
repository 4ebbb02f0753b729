import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, passwordFailures, users, type UserRow } from '../../db/schema';

/** Called after a write that changes what a signed-in request sees of an account (the account cache evicts it). */
export type AccountChanged = (userId: string) => void;

export function createUserRepository(db: Db, changed: AccountChanged = () => {}) {
  return {
    async findByPhone(phone: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
      return row ?? null;
    },
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    /** Returns null when the phone is already taken (unique index), so two racing registrations cannot both win. */
    async create(values: { phone: string; name: string; username: string; passwordHash: string; referrerPhone?: string }) {
      const rows = await db.insert(users).values(values).onConflictDoNothing({ target: users.phone }).returning();
      return rows[0] ?? null;
    },
    async update(id: string, values: Partial<Pick<UserRow, 'username' | 'phone' | 'name' | 'passwordHash' | 'referrerPhone'>>) {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      changed(id);
      return row ?? null;
    },
  };
}

export function createSessionRepository(db: Db, changed: AccountChanged = () => {}) {
  return {
    async create(v: { userId: string; expiresAt: Date; ip: string; userAgent: string | null }) {
      const [row] = await db.insert(authSessions).values(v).returning({ id: authSessions.id });
      return row!.id;
    },
    /** The live session and its user, or null when revoked, expired or unknown. */
    async findLive(sessionId: string, userId: string, now: Date): Promise<{ user: UserRow; expiresAt: Date } | null> {
      const [row] = await db
        .select({ user: users, expiresAt: authSessions.expiresAt })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            eq(authSessions.id, sessionId),
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, now),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    async revoke(sessionId: string, now: Date) {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
        .returning({ userId: authSessions.userId });
      for (const r of rows) changed(r.userId);
    },
    async revokeAllForUser(userId: string, now: Date) {
      await db
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
      changed(userId);
    },
  };
}
/** Consecutive wrong passwords per account (password-guard.ts holds the policy). */
export function createPasswordFailureRepository(db: Db) {
  return {
    /**
     * Counts one sign-in attempt unless the account is locked, under a row lock so concurrent attempts on any instance
     * count one after another; `lockMsFor(count)` says how long the count just reached locks the account.
     */
    async reserve(
      userId: string,
      now: Date,
      o: { forgetBefore: Date; lockMsFor: (failures: number) => number },
    ): Promise<{ failures: number } | { lockedUntil: Date }> {
      return db.transaction(async (tx) => {
        await tx.insert(passwordFailures).values({ userId, failures: 0, updatedAt: now }).onConflictDoNothing();
        const [row] = await tx.select().from(passwordFailures).where(eq(passwordFailures.userId, userId)).for('update');
        if (row?.lockedUntil && row.lockedUntil > now) return { lockedUntil: row.lockedUntil };
        const failures = !row || row.updatedAt < o.forgetBefore ? 1 : row.failures + 1;
        const lockMs = o.lockMsFor(failures);
        await tx
          .update(passwordFailures)
          .set({ failures, lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null, updatedAt: now })
          .where(eq(passwordFailures.userId, userId));
        return { failures };
      });
    },
    async clear(userId: string) {
      await db.delete(passwordFailures).where(eq(passwordFailures.userId, userId));
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
export type PasswordFailureRepository = ReturnType<typeof createPasswordFailureRepository>;
export type SessionRepository = ReturnType<typeof createSessionRepository>;
