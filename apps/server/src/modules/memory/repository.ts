import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { SqlCall } from '../../db/together';
import { memoryItems, memorySettings } from '../../db/schema';

export type MemoryRow = typeof memoryItems.$inferSelect;
export interface MemorySwitches {
  enabled: boolean;
  sensitiveEnabled: boolean;
  sensitiveConsentAt: Date | null;
}
export interface DueSession {
  id: string;
  userId: string;
  serviceType: string;
  memoryOrder: number;
}

const DEFAULTS: MemorySwitches = { enabled: true, sensitiveEnabled: false, sensitiveConsentAt: null };

export interface FactsForTurn {
  isPrivate: boolean;
  enabled: boolean;
  sensitiveEnabled: boolean;
  items: { content: string; category: string; source: string }[];
}

/**
 * Everything a turn needs from memory (it runs before the first byte of every answer): whether the session is
 * private, the switches, and — only when memory could be used — the newest facts (the caller keeps those that fit the
 * persona and the budget). memory_for_turn (migration 0021) is PL/pgSQL, so PGlite keeps its plan; the chat turn asks
 * it together with its session and the safety gate (db/together.ts).
 */
const forTurnCall = (userId: string, sessionId: string, limit: number): SqlCall<FactsForTurn> => ({
  call: 'memory_for_turn($1::uuid, $2, $3::int, $4::boolean)',
  params: [userId, sessionId, limit, DEFAULTS.enabled],
  read: ([row]) => {
    const items = typeof row?.items === 'string' ? (JSON.parse(row.items) as unknown) : row?.items;
    return {
      isPrivate: row?.private === true,
      enabled: typeof row?.enabled === 'boolean' ? row.enabled : DEFAULTS.enabled,
      sensitiveEnabled: typeof row?.sensitive_enabled === 'boolean' ? row.sensitive_enabled : DEFAULTS.sensitiveEnabled,
      items: Array.isArray(items) ? (items as FactsForTurn['items']) : [],
    };
  },
});

/** SQL of long-term memory: the user's items and switches, and the sessions the memory job reads. */
export function createMemoryRepository(database: Database) {
  const { db } = database;
  const q = database.query;
  return {
    async switches(userId: string): Promise<MemorySwitches> {
      const [row] = await db.select().from(memorySettings).where(eq(memorySettings.userId, userId)).limit(1);
      return row ? { enabled: row.enabled, sensitiveEnabled: row.sensitiveEnabled, sensitiveConsentAt: row.sensitiveConsentAt } : DEFAULTS;
    },

    async saveSwitches(userId: string, v: MemorySwitches, now: Date) {
      const values = { ...v, updatedAt: now };
      await db
        .insert(memorySettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: memorySettings.userId, set: values });
    },

    list(userId: string, limit: number): Promise<MemoryRow[]> {
      return db.select().from(memoryItems).where(eq(memoryItems.userId, userId)).orderBy(desc(memoryItems.createdAt)).limit(limit);
    },

    /**
     * Adds facts under the user's lock: one already held word for word is skipped, and past `max` the oldest go.
     * Returns the rows written.
     */
    async add(
      userId: string,
      facts: { content: string; category: string; source: 'explicit' | 'extracted'; sessionId: string | null }[],
      max: number,
      now: Date,
    ): Promise<MemoryRow[]> {
      if (!facts.length) return [];
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'memory:' + userId}, 0))`);
        const held = await tx
          .select({ content: memoryItems.content })
          .from(memoryItems)
          .where(
            and(
              eq(memoryItems.userId, userId),
              inArray(
                memoryItems.content,
                facts.map((f) => f.content),
              ),
            ),
          );
        const known = new Set(held.map((h) => h.content));
        const fresh = facts.filter((f) => !known.has(f.content) && known.add(f.content));
        if (!fresh.length) return [];
        const rows = await tx
          .insert(memoryItems)
          .values(fresh.map((f, i) => ({ userId, ...f, createdAt: new Date(now.getTime() + i), updatedAt: now })))
          .returning();
        const over = await tx
          .select({ id: memoryItems.id })
          .from(memoryItems)
          .where(eq(memoryItems.userId, userId))
          .orderBy(desc(memoryItems.createdAt))
          .offset(max);
        if (over.length)
          await tx.delete(memoryItems).where(
            inArray(
              memoryItems.id,
              over.map((o) => o.id),
            ),
          );
        return rows;
      });
    },

    async edit(id: string, userId: string, content: string, now: Date): Promise<MemoryRow | null> {
      const [row] = await db
        .update(memoryItems)
        .set({ content, source: 'edited', updatedAt: now })
        .where(and(eq(memoryItems.id, id), eq(memoryItems.userId, userId)))
        .returning();
      return row ?? null;
    },

    async remove(id: string, userId: string): Promise<number> {
      const rows = await db
        .delete(memoryItems)
        .where(and(eq(memoryItems.id, id), eq(memoryItems.userId, userId)))
        .returning({ id: memoryItems.id });
      return rows.length;
    },

    async removeAll(userId: string): Promise<number> {
      const rows = await db.delete(memoryItems).where(eq(memoryItems.userId, userId)).returning({ id: memoryItems.id });
      return rows.length;
    },

    forTurnCall: (userId: string, sessionId: string, limit: number) => forTurnCall(userId, sessionId, limit),

    /**
     * Claims sessions that went quiet with something new since the job last read them (several processes may sweep:
     * SKIP LOCKED hands each session to one). `only` narrows to one of the user's sessions (the user left it).
     */
    async claimDue(v: { now: Date; quietBefore: Date; since: Date; limit: number; only?: { id: string; userId: string } }) {
      const only = v.only ? 'and id = $5 and user_id = $6::uuid' : '';
      const params: unknown[] = [v.now.toISOString(), v.quietBefore.toISOString(), v.since.toISOString(), v.limit];
      if (v.only) params.push(v.only.id, v.only.userId);
      const rows = await q<{ id: string; user_id: string; service_type: string; memory_order: number }>(
        `update chat_sessions set memory_at = $1::timestamptz where id in (
           select id from chat_sessions
           where not private and updated_at <= $2::timestamptz and updated_at > $3::timestamptz
             and (memory_at is null or memory_at < updated_at) ${only}
           order by updated_at limit $4::int for update skip locked)
         returning id, user_id, service_type, memory_order`,
        params,
      );
      return rows.map((r): DueSession => ({ id: r.id, userId: r.user_id, serviceType: r.service_type, memoryOrder: r.memory_order }));
    },

    /** The user's questions since order `after`, newest `limit`, oldest first. */
    async questionsAfter(sessionId: string, after: number, limit: number) {
      const rows = await q<{ order_num: number; content: string }>(
        `select order_num, content from chat_messages where session_id = $1 and order_num > $2::int and role = 'user'
         order by order_num desc limit $3::int`,
        [sessionId, after, limit],
      );
      return rows.reverse().map((r) => ({ order: r.order_num, content: r.content }));
    },

    async markRead(sessionId: string, order: number) {
      await q('update chat_sessions set memory_order = greatest(memory_order, $2::int) where id = $1', [sessionId, order]);
    },

    /** Private chats left idle since `before` (the browser vanished without closing them). */
    async deleteIdlePrivate(before: Date): Promise<string[]> {
      const rows = await q<{ id: string }>('delete from chat_sessions where private and updated_at < $1::timestamptz returning id', [
        before.toISOString(),
      ]);
      return rows.map((r) => r.id);
    },
  };
}
export type MemoryRepository = ReturnType<typeof createMemoryRepository>;
