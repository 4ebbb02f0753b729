import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatUsageDays, deepEntitlements, serviceOrders, type DeepEntitlementRow } from '../../db/schema';

/** The SQL of deep sessions on the chat side: their entitlement (read), and the 深度总结 (written). */
export function createDeepRepository(db: Db) {
  return {
    /** The entitlement of one of the user's sessions, with the title of what was bought; null for a free session. */
    async ofSession(sessionId: string, userId: string): Promise<(DeepEntitlementRow & { title: string }) | null> {
      const [row] = await db
        .select({ e: deepEntitlements, title: serviceOrders.title })
        .from(deepEntitlements)
        .innerJoin(serviceOrders, eq(serviceOrders.orderId, deepEntitlements.orderId))
        .where(and(eq(deepEntitlements.sessionId, sessionId), eq(deepEntitlements.userId, userId)))
        .limit(1);
      return row ? { ...row.e, title: row.title } : null;
    },

    /** Deep replies left per session, for the listed sessions that are deep. */
    async leftBySession(sessionIds: string[]): Promise<Map<string, number>> {
      if (!sessionIds.length) return new Map();
      const rows = await db
        .select({ sessionId: deepEntitlements.sessionId, left: deepEntitlements.repliesLeft })
        .from(deepEntitlements)
        .where(inArray(deepEntitlements.sessionId, sessionIds));
      return new Map(rows.flatMap((r) => (r.sessionId ? [[r.sessionId, r.left] as const] : [])));
    },

    /** Takes one of the session's summaries (each is a model call); false when all are used. */
    async reserveSummary(id: string, max: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(deepEntitlements)
        .set({ summariesMade: sql`${deepEntitlements.summariesMade} + 1`, updatedAt: now })
        .where(and(eq(deepEntitlements.id, id), lt(deepEntitlements.summariesMade, max)))
        .returning({ id: deepEntitlements.id });
      return rows.length === 1;
    },

    /** Gives a reserved summary back: the model failed, nothing was written. */
    async releaseSummary(id: string): Promise<void> {
      await db
        .update(deepEntitlements)
        .set({ summariesMade: sql`greatest(${deepEntitlements.summariesMade} - 1, 0)` })
        .where(eq(deepEntitlements.id, id));
    },

    async saveSummary(id: string, summary: string, now: Date): Promise<DeepEntitlementRow | null> {
      const [row] = await db
        .update(deepEntitlements)
        .set({ summary, summaryAt: now, updatedAt: now })
        .where(eq(deepEntitlements.id, id))
        .returning();
      return row ?? null;
    },

    /** The session's newest finished messages with text, oldest first: what a summary reads. */
    async transcript(sessionId: string, limit: number): Promise<{ role: string; content: string }[]> {
      const rows = await db
        .select({ role: chatMessages.role, content: chatMessages.content })
        .from(chatMessages)
        .where(and(eq(chatMessages.sessionId, sessionId), ne(chatMessages.status, 'streaming'), ne(chatMessages.content, '')))
        .orderBy(desc(chatMessages.orderNum))
        .limit(limit);
      return rows.reverse();
    },

    async dayTokens(userId: string, day: string): Promise<number> {
      const [row] = await db
        .select({ tokens: chatUsageDays.tokens })
        .from(chatUsageDays)
        .where(and(eq(chatUsageDays.userId, userId), eq(chatUsageDays.day, day)))
        .orderBy(asc(chatUsageDays.day))
        .limit(1);
      return row?.tokens ?? 0;
    },

    /** A summary's tokens count toward the user's daily bound like a reply's. */
    async charge(userId: string, day: string, tokens: number): Promise<void> {
      if (tokens <= 0) return;
      await db
        .insert(chatUsageDays)
        .values({ userId, day, tokens })
        .onConflictDoUpdate({
          target: [chatUsageDays.userId, chatUsageDays.day],
          set: { tokens: sql`${chatUsageDays.tokens} + ${tokens}` },
        });
    },
  };
}
export type DeepRepository = ReturnType<typeof createDeepRepository>;
