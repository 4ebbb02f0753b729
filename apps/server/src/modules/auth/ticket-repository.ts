import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lte, notInArray, or, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInTickets } from '../../db/schema';

/** How long a `?token=` sign-in link works. */
export const SIGN_IN_TICKET_TTL_SECONDS = 120;
/** Live tickets a user may hold; making another drops the oldest. */
export const SIGN_IN_TICKETS_PER_USER = 5;
/** `lxt_` and 32 random bytes in base64url: a bearer JWT (`eyJ…`) can never pass for one. */
export const SIGN_IN_TICKET_PATTERN = /^lxt_[A-Za-z0-9_-]{43}$/;

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * One-time sign-in tickets (issue 12 item 5): the only thing a `?token=` address can still sign in with. The ticket
 * itself is returned once and never stored; spending it is one conditional UPDATE, so two tabs or two instances racing
 * with the same link sign in at most once.
 */
export function createSignInTicketRepository(db: Db) {
  return {
    async issue(userId: string, now: Date): Promise<string> {
      const ticket = `lxt_${randomBytes(32).toString('base64url')}`;
      const expiresAt = new Date(now.getTime() + SIGN_IN_TICKET_TTL_SECONDS * 1000);
      await db.insert(signInTickets).values({ userId, ticketHash: hash(ticket), createdAt: now, expiresAt });
      // Bound per user: spent and expired tickets go, and only the newest few stay.
      const keep = db
        .select({ id: signInTickets.id })
        .from(signInTickets)
        .where(and(eq(signInTickets.userId, userId), isNull(signInTickets.usedAt), gt(signInTickets.expiresAt, now)))
        .orderBy(desc(signInTickets.createdAt))
        .limit(SIGN_IN_TICKETS_PER_USER);
      await db
        .delete(signInTickets)
        .where(
          and(
            eq(signInTickets.userId, userId),
            or(isNotNull(signInTickets.usedAt), lte(signInTickets.expiresAt, now), notInArray(signInTickets.id, keep)),
          ),
        );
      return ticket;
    },

    /** The user of a live, unspent ticket, without spending it (the switch question needs to know whose it is). */
    async ownerOf(ticket: string, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ userId: signInTickets.userId })
        .from(signInTickets)
        .where(and(eq(signInTickets.ticketHash, hash(ticket)), isNull(signInTickets.usedAt), gt(signInTickets.expiresAt, now)))
        .limit(1);
      return row?.userId ?? null;
    },

    /** The ticket's user when it is live and unspent, marking it spent in the same statement; else null. */
    async spend(ticket: string, now: Date): Promise<string | null> {
      const rows = await db
        .update(signInTickets)
        .set({ usedAt: now })
        .where(and(eq(signInTickets.ticketHash, hash(ticket)), isNull(signInTickets.usedAt), gt(signInTickets.expiresAt, now)))
        .returning({ userId: signInTickets.userId });
      return rows[0]?.userId ?? null;
    },
  };
}
export type SignInTicketRepository = ReturnType<typeof createSignInTicketRepository>;
