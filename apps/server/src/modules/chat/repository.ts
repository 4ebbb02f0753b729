import { and, count, desc, eq, inArray, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatMessageVotes, chatSessions, users } from '../../db/schema';

export type SessionRow = typeof chatSessions.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type MessageStatus = 'streaming' | 'done' | 'aborted' | 'error';

/** Postgres unique_violation; drizzle wraps driver errors, so look at the cause too. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** SQL for chat sessions and messages. Every read by id that serves a user is scoped by that user's id. */
export function createChatRepository(db: Db) {
  return {
    async createSession(v: {
      id: string;
      userId: string;
      serviceType: string;
      sessionName: string | null;
      isPrivate?: boolean;
      now: Date;
    }) {
      const [row] = await db
        .insert(chatSessions)
        .values({
          id: v.id,
          userId: v.userId,
          serviceType: v.serviceType,
          sessionName: v.sessionName,
          isPrivate: v.isPrivate ?? false,
          createdAt: v.now,
          updatedAt: v.now,
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },
    async findSession(id: string): Promise<SessionRow | null> {
      const [row] = await db.select().from(chatSessions).where(eq(chatSessions.id, id)).limit(1);
      return row ?? null;
    },
    async findOwnSession(id: string, userId: string): Promise<SessionRow | null> {
      const [row] = await db
        .select()
        .from(chatSessions)
        .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)))
        .limit(1);
      return row ?? null;
    },
    async listSessions(userId: string, serviceType?: string): Promise<SessionRow[]> {
      // A private chat (无痕对话) is never listed.
      const where = serviceType
        ? and(eq(chatSessions.userId, userId), eq(chatSessions.serviceType, serviceType), eq(chatSessions.isPrivate, false))
        : and(eq(chatSessions.userId, userId), eq(chatSessions.isPrivate, false));
      return db.select().from(chatSessions).where(where).orderBy(desc(chatSessions.updatedAt), desc(chatSessions.createdAt)).limit(200);
    },
    async renameSession(id: string, userId: string, name: string, now: Date) {
      const rows = await db
        .update(chatSessions)
        .set({ sessionName: name, updatedAt: now })
        .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)))
        .returning({ id: chatSessions.id });
      return rows.length > 0;
    },
    async deleteSession(id: string, userId: string) {
      const rows = await db
        .delete(chatSessions)
        .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)))
        .returning({ id: chatSessions.id });
      return rows.length > 0;
    },
    /** One page of a session's messages, oldest first: the newest `limit` before order `before` (all when absent). */
    async messagesPage(sessionId: string, limit: number, before?: number): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
      const where = before
        ? and(eq(chatMessages.sessionId, sessionId), lt(chatMessages.orderNum, before))
        : eq(chatMessages.sessionId, sessionId);
      const rows = await db
        .select()
        .from(chatMessages)
        .where(where)
        .orderBy(desc(chatMessages.orderNum))
        .limit(limit + 1);
      const hasMore = rows.length > limit;
      return { rows: rows.slice(0, limit).reverse(), hasMore };
    },
    async countSessions(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(chatSessions).where(eq(chatSessions.userId, userId));
      return Number(row?.n ?? 0);
    },
    /**
     * save-message: under the same per-user lock as a turn start (chat_begin_turn), so the session's message cap holds
     * however many saves arrive at once, on however many processes. Null when the session is full.
     */
    async saveMessage(
      v: {
        sessionId: string;
        userId: string;
        role: string;
        content: string;
        contentRag: string | null;
        order: number | null;
        tokens: number;
        time: Date;
        now: Date;
      },
      maxMessages: number,
    ): Promise<{ order: number } | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'chat-turn:' + v.userId}, 0))`);
        const [stats] = await tx
          .select({ n: count(), top: max(chatMessages.orderNum) })
          .from(chatMessages)
          .where(eq(chatMessages.sessionId, v.sessionId));
        if (Number(stats?.n ?? 0) >= maxMessages) return null;
        const order = v.order ?? (stats?.top ?? 0) + 1;
        await tx.insert(chatMessages).values({
          sessionId: v.sessionId,
          userId: v.userId,
          role: v.role,
          content: v.content,
          contentRag: v.contentRag,
          orderNum: order,
          status: 'done',
          tokens: v.tokens,
          tokensEstimated: true,
          messageTime: v.time,
          updatedAt: v.now,
        });
        await tx.update(chatSessions).set({ updatedAt: v.now }).where(eq(chatSessions.id, v.sessionId));
        return { order };
      });
    },
    async findUserIdByPhone(phone: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
      return row?.id ?? null;
    },
    /** Token sums per session (and per role) for the admin statistics page. */
    async tokenUsage(filter: { sessionId?: string; userId?: string }) {
      const conds = [
        ...(filter.sessionId ? [eq(chatSessions.id, filter.sessionId)] : []),
        ...(filter.userId ? [eq(chatSessions.userId, filter.userId)] : []),
      ];
      const sessions = await db
        .select({ id: chatSessions.id })
        .from(chatSessions)
        .where(and(...conds))
        .orderBy(desc(chatSessions.updatedAt))
        .limit(1000);
      if (!sessions.length) return [];
      const ids = sessions.map((s) => s.id);
      const rows = await db
        .select({
          sessionId: chatMessages.sessionId,
          role: chatMessages.role,
          tokens: sql<number>`coalesce(sum(${chatMessages.tokens}), 0)::int`,
          estimated: sql<number>`(count(*) filter (where ${chatMessages.tokensEstimated}))::int`,
        })
        .from(chatMessages)
        .where(inArray(chatMessages.sessionId, ids))
        .groupBy(chatMessages.sessionId, chatMessages.role);
      return ids.map((id) => {
        const of = (role: string) => rows.find((r) => r.sessionId === id && r.role === role);
        const u = of('user');
        const a = of('assistant');
        return {
          sessionId: id,
          userTokens: Number(u?.tokens ?? 0),
          assistantTokens: Number(a?.tokens ?? 0),
          estimated: Number(u?.estimated ?? 0) + Number(a?.estimated ?? 0),
        };
      });
    },

    /** A reply in the user's own session, by its order: the only thing a user may vote on. */
    async findOwnReply(sessionId: string, userId: string, order: number): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
        .where(
          and(
            eq(chatMessages.sessionId, sessionId),
            eq(chatSessions.userId, userId),
            eq(chatMessages.orderNum, order),
            eq(chatMessages.role, 'assistant'),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    /** One vote per user and reply: a second one replaces the first; null takes it back. */
    async setVote(userId: string, messageId: number, vote: 1 | -1 | null, now: Date): Promise<void> {
      if (vote === null) {
        await db.delete(chatMessageVotes).where(and(eq(chatMessageVotes.userId, userId), eq(chatMessageVotes.messageId, messageId)));
        return;
      }
      await db
        .insert(chatMessageVotes)
        .values({ userId, messageId, vote, updatedAt: now })
        .onConflictDoUpdate({ target: [chatMessageVotes.userId, chatMessageVotes.messageId], set: { vote, updatedAt: now } });
    },
    async votesOf(userId: string, messageIds: number[]): Promise<Map<number, number>> {
      if (!messageIds.length) return new Map();
      const rows = await db
        .select({ id: chatMessageVotes.messageId, vote: chatMessageVotes.vote })
        .from(chatMessageVotes)
        .where(and(eq(chatMessageVotes.userId, userId), inArray(chatMessageVotes.messageId, messageIds)));
      return new Map(rows.map((r) => [r.id, r.vote]));
    },
    /** Likes and dislikes over every reply, for the admin statistics. */
    async voteStats(): Promise<{ up: number; down: number; replies: number }> {
      const [row] = await db
        .select({
          up: sql<number>`count(*) filter (where ${chatMessageVotes.vote} > 0)`,
          down: sql<number>`count(*) filter (where ${chatMessageVotes.vote} < 0)`,
          replies: sql<number>`count(distinct ${chatMessageVotes.messageId})`,
        })
        .from(chatMessageVotes);
      return { up: Number(row?.up ?? 0), down: Number(row?.down ?? 0), replies: Number(row?.replies ?? 0) };
    },
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
