import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatSessions, contentReports, users, type ContentReportRow } from '../../db/schema';

export interface ReportFilter {
  status?: string;
  reason?: string;
  page: number;
  pageSize: number;
}

export function createReportRepository(db: Db) {
  return {
    /** The reply at `order` in the caller's own session, with the session's persona; null when there is none. */
    async ownReply(userId: string, sessionId: string, order: number) {
      const [row] = await db
        .select({ content: chatMessages.content, status: chatMessages.status, serviceType: chatSessions.serviceType })
        .from(chatMessages)
        .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
        .where(
          and(
            eq(chatMessages.sessionId, sessionId),
            eq(chatMessages.orderNum, order),
            eq(chatMessages.role, 'assistant'),
            eq(chatSessions.userId, userId),
          ),
        );
      return row ?? null;
    },

    async counts(userId: string, since: Date) {
      const [row] = await db
        .select({
          pending: sql<number>`count(*) filter (where ${contentReports.status} = 'pending')`.mapWith(Number),
          recent: sql<number>`count(*) filter (where ${contentReports.createdAt} >= ${since.toISOString()})`.mapWith(Number),
        })
        .from(contentReports)
        .where(eq(contentReports.userId, userId));
      return { pending: row?.pending ?? 0, recent: row?.recent ?? 0 };
    },

    /** null when this user already reported this reply (unique index). */
    async insert(r: typeof contentReports.$inferInsert): Promise<ContentReportRow | null> {
      const [row] = await db.insert(contentReports).values(r).onConflictDoNothing().returning();
      return row ?? null;
    },

    async mine(userId: string, limit: number) {
      return db.select().from(contentReports).where(eq(contentReports.userId, userId)).orderBy(desc(contentReports.createdAt)).limit(limit);
    },

    async queue(f: ReportFilter) {
      const where: SQL[] = [];
      if (f.status) where.push(eq(contentReports.status, f.status));
      if (f.reason) where.push(eq(contentReports.reason, f.reason));
      const cond = where.length ? and(...where) : undefined;
      const rows = await db
        .select({ report: contentReports, phone: users.phone })
        .from(contentReports)
        .leftJoin(users, eq(users.id, contentReports.userId))
        .where(cond)
        .orderBy(desc(contentReports.createdAt))
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize);
      const [total] = await db.select({ n: count() }).from(contentReports).where(cond);
      return { rows, total: total?.n ?? 0 };
    },

    async find(id: string) {
      const [row] = await db
        .select({ report: contentReports, phone: users.phone })
        .from(contentReports)
        .leftJoin(users, eq(users.id, contentReports.userId))
        .where(eq(contentReports.id, id));
      return row ?? null;
    },

    /** The messages from `from` to `to` (orders) of a session, oldest first; empty when the session is gone. */
    async context(sessionId: string, from: number, to: number) {
      return db
        .select({
          order: chatMessages.orderNum,
          role: chatMessages.role,
          content: chatMessages.content,
          status: chatMessages.status,
          time: chatMessages.messageTime,
        })
        .from(chatMessages)
        .where(and(eq(chatMessages.sessionId, sessionId), gte(chatMessages.orderNum, from), lte(chatMessages.orderNum, to)))
        .orderBy(asc(chatMessages.orderNum));
    },

    /** Settles a pending report; null when it was already settled (or does not exist). */
    async resolve(id: string, v: { status: string; note: string; resolverId: string; now: Date }): Promise<ContentReportRow | null> {
      const [row] = await db
        .update(contentReports)
        .set({ status: v.status, resolutionNote: v.note, resolverId: v.resolverId, resolvedAt: v.now })
        .where(and(eq(contentReports.id, id), eq(contentReports.status, 'pending')))
        .returning();
      return row ?? null;
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
