import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chatSessions, users } from '../../db/schema';

export type SessionRow = typeof chatSessions.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type MessageStatus = 'streaming' | 'done' | 'aborted' | 'error';

/** Postgres unique_violation; drizzle wraps driver errors, so look at the cause too. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export interface NewTurn {
  sessionId: string;
  userId: string;
  query: string;
  contentRag: string | null;
  crisis: boolean;
  model: string;
  /** Our own count of everything sent upstream; replaced by the provider's usage when it reports one. */
  promptTokens: number;
  /** The order number of the question: one past the session's last message. */
  nextOrder: number;
  now: Date;
  /** Names a session that has none yet (its first question). */
  nameIfUnnamed: string | null;
}

/** SQL for chat sessions and messages. Every read by id that serves a user is scoped by that user's id. */
export function createChatRepository(db: Db) {
  return {
    async createSession(v: { id: string; userId: string; serviceType: string; sessionName: string | null; now: Date }) {
      const [row] = await db
        .insert(chatSessions)
        .values({ id: v.id, userId: v.userId, serviceType: v.serviceType, sessionName: v.sessionName, createdAt: v.now, updatedAt: v.now })
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
      const where = serviceType
        ? and(eq(chatSessions.userId, userId), eq(chatSessions.serviceType, serviceType))
        : eq(chatSessions.userId, userId);
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
    async listMessages(sessionId: string): Promise<MessageRow[]> {
      return db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(asc(chatMessages.orderNum));
    },
    async lastMessages(sessionId: string, n: number): Promise<MessageRow[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, sessionId))
        .orderBy(desc(chatMessages.orderNum))
        .limit(n);
      return rows.reverse();
    },
    /**
     * Stores the question and an empty 'streaming' reply in one statement, at the next two order numbers (the caller
     * read the last one). Two concurrent turns on one session collide on the (session_id, order_num) unique index;
     * the caller maps that to 409.
     */
    async insertTurn(t: NewTurn): Promise<{ userMessageId: number; assistantMessageId: number; order: number }> {
      const order = t.nextOrder;
      const common = { sessionId: t.sessionId, userId: t.userId, crisis: t.crisis, messageTime: t.now, updatedAt: t.now };
      const rows = await db
        .insert(chatMessages)
        .values([
          {
            ...common,
            role: 'user',
            content: t.query,
            contentRag: t.contentRag,
            orderNum: order,
            status: 'done',
            tokens: t.promptTokens,
            tokensEstimated: true,
          },
          { ...common, role: 'assistant', content: '', orderNum: order + 1, status: 'streaming', model: t.model },
        ])
        .returning({ id: chatMessages.id, role: chatMessages.role });
      const name = t.nameIfUnnamed;
      await db
        .update(chatSessions)
        .set({ updatedAt: t.now, ...(name ? { sessionName: sql`coalesce(${chatSessions.sessionName}, ${name})` } : {}) })
        .where(eq(chatSessions.id, t.sessionId));
      return {
        userMessageId: rows.find((r) => r.role === 'user')!.id,
        assistantMessageId: rows.find((r) => r.role === 'assistant')!.id,
        order: order + 1,
      };
    },
    /** Regenerate: the last reply starts over in place, keeping its order number. */
    async restartReply(messageId: number, v: { model: string; crisis: boolean; now: Date }) {
      await db
        .update(chatMessages)
        .set({
          content: '',
          status: 'streaming',
          model: v.model,
          crisis: v.crisis,
          tokens: 0,
          tokensEstimated: false,
          errorCode: null,
          messageTime: v.now,
          updatedAt: v.now,
        })
        .where(eq(chatMessages.id, messageId));
    },
    async touchSession(id: string, now: Date) {
      await db.update(chatSessions).set({ updatedAt: now }).where(eq(chatSessions.id, id));
    },
    async updateReply(
      messageId: number,
      v: {
        content: string;
        status: MessageStatus;
        now: Date;
        model?: string;
        tokens?: number;
        tokensEstimated?: boolean;
        errorCode?: string | null;
      },
    ) {
      await db
        .update(chatMessages)
        .set({
          content: v.content,
          status: v.status,
          updatedAt: v.now,
          ...(v.model !== undefined ? { model: v.model } : {}),
          ...(v.tokens !== undefined ? { tokens: v.tokens, tokensEstimated: v.tokensEstimated ?? false } : {}),
          ...(v.errorCode !== undefined ? { errorCode: v.errorCode } : {}),
        })
        .where(eq(chatMessages.id, messageId));
    },
    async setTokens(messageId: number, tokens: number, estimated: boolean) {
      await db.update(chatMessages).set({ tokens, tokensEstimated: estimated }).where(eq(chatMessages.id, messageId));
    },
    async nextOrder(sessionId: string): Promise<number> {
      const [{ top } = { top: null }] = await db
        .select({ top: max(chatMessages.orderNum) })
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, sessionId));
      return (top ?? 0) + 1;
    },
    async insertMessage(v: {
      sessionId: string;
      userId: string;
      role: string;
      content: string;
      contentRag: string | null;
      order: number;
      tokens: number;
      time: Date;
      now: Date;
    }) {
      await db.insert(chatMessages).values({
        sessionId: v.sessionId,
        userId: v.userId,
        role: v.role,
        content: v.content,
        contentRag: v.contentRag,
        orderNum: v.order,
        status: 'done',
        tokens: v.tokens,
        tokensEstimated: true,
        messageTime: v.time,
        updatedAt: v.now,
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
  };
}
export type ChatRepository = ReturnType<typeof createChatRepository>;
