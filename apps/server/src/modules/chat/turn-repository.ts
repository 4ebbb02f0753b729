import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The SQL of a chat turn, on the hot path of every question: one read, one call that starts the turn, fenced writes of
 * the growing reply, one final statement. Hand-written so a turn start costs the server two small queries (drizzle's
 * query builder was the largest share of a turn start's CPU).
 */

export type BeginOutcome = 'ok' | 'not_found' | 'busy' | 'streams' | 'quota' | 'full' | 'changed';

export interface HistoryRow {
  id: number;
  role: string;
  content: string;
  orderNum: number;
  status: string;
  updatedAt: Date;
}

export interface TurnSession {
  serviceType: string;
  sessionName: string | null;
  /** The newest messages, oldest first. */
  history: HistoryRow[];
}

export interface BeginTurn {
  userId: string;
  sessionId: string;
  now: Date;
  staleBefore: Date;
  /** The user's day (Beijing time) the daily token bound counts in. */
  day: string;
  maxStreams: number;
  maxDayTokens: number;
  maxMessages: number;
  /** Fences every later write of this turn (see chat_messages.turn_token). */
  token: string;
  model: string;
  crisis: boolean;
  promptTokens: number;
  question: { query: string; contentRag: string | null; nextOrder: number; name: string | null } | null;
  regenerate: { replyId: number; questionId: number } | null;
}

export interface FinishTurn {
  replyId: number;
  token: string;
  content: string;
  status: string;
  now: Date;
  model: string;
  tokens: number;
  tokensEstimated: boolean;
  errorCode: string | null;
  /** The provider's count of the prompt, replacing the estimate stored on the question. */
  questionId: number;
  promptTokens: number | null;
  /** Charged to the user's day whatever became of the row: the upstream was paid either way. */
  charge: { userId: string; day: string; tokens: number };
}

/** drizzle's execute answers an array on postgres.js and `{ rows }` on PGlite. */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

export function createTurnRepository(db: Db) {
  return {
    /** The caller's session with its newest `limit` messages; null when it is not the caller's (or does not exist). */
    async readSession(sessionId: string, userId: string, limit: number): Promise<TurnSession | null> {
      const list = await rows<{
        service_type: string;
        session_name: string | null;
        id: number | null;
        role: string;
        content: string;
        order_num: number;
        status: string;
        updated_at: Date;
      }>(
        db,
        sql`select s.service_type, s.session_name, m.id, m.role, m.content, m.order_num, m.status, m.updated_at
          from chat_sessions s
          left join lateral (
            select id, role, content, order_num, status, updated_at from chat_messages
            where session_id = s.id order by order_num desc limit ${limit}
          ) m on true
          where s.id = ${sessionId} and s.user_id = ${userId}`,
      );
      const first = list[0];
      if (!first) return null;
      const history: HistoryRow[] = [];
      for (let i = list.length - 1; i >= 0; i--) {
        const r = list[i] as (typeof list)[number];
        if (r.id === null) continue;
        history.push({
          id: r.id,
          role: r.role,
          content: r.content,
          orderNum: r.order_num,
          status: r.status,
          updatedAt: new Date(r.updated_at),
        });
      }
      return { serviceType: first.service_type, sessionName: first.session_name, history };
    },

    /** The user's latest saved Bazi chart (the fortune personas are grounded in it). */
    async latestChart(userId: string): Promise<{ result: unknown; createdAt: Date } | null> {
      const [row] = await rows<{ result: unknown; created_at: Date }>(
        db,
        sql`select result, created_at from bazi_charts where user_id = ${userId} order by created_at desc limit 1`,
      );
      return row
        ? { result: typeof row.result === 'string' ? JSON.parse(row.result) : row.result, createdAt: new Date(row.created_at) }
        : null;
    },

    /** chat_begin_turn (migration 0007): every bound checked and both rows written under one lock per user. */
    async begin(t: BeginTurn): Promise<{ outcome: BeginOutcome; questionId: number; replyId: number; order: number }> {
      const q = t.question;
      const [row] = await rows<{ outcome: BeginOutcome; question_id: number | null; reply_id: number | null; reply_order: number | null }>(
        db,
        sql`select * from chat_begin_turn(${t.userId}::uuid, ${t.sessionId}, ${t.now.toISOString()}::timestamptz,
          ${t.staleBefore.toISOString()}::timestamptz, ${t.day}::date, ${t.maxStreams}::int, ${t.maxDayTokens}::int,
          ${t.maxMessages}::int, ${t.token}, ${t.model}, ${t.crisis}::boolean, ${t.promptTokens}::int, ${q?.query ?? null},
          ${q?.contentRag ?? null}, ${q?.nextOrder ?? null}::int, ${q?.name ?? null}, ${t.regenerate?.replyId ?? null}::int,
          ${t.regenerate?.questionId ?? null}::int)`,
      );
      return {
        outcome: row?.outcome ?? 'changed',
        questionId: row?.question_id ?? 0,
        replyId: row?.reply_id ?? 0,
        order: row?.reply_order ?? 0,
      };
    },

    /** Writes the reply so far; false when the turn no longer owns the row (deleted, or taken over after going stale). */
    async writeReply(replyId: number, token: string, content: string, now: Date): Promise<boolean> {
      const list = await rows(
        db,
        sql`update chat_messages set content = ${content}, updated_at = ${now.toISOString()}::timestamptz
          where id = ${replyId} and turn_token = ${token} returning id`,
      );
      return list.length > 0;
    },

    /** The heartbeat of a reply with nothing new to write (waiting for the model's first words). */
    async touchReply(replyId: number, token: string, now: Date): Promise<boolean> {
      const list = await rows(
        db,
        sql`update chat_messages set updated_at = ${now.toISOString()}::timestamptz where id = ${replyId} and turn_token = ${token} returning id`,
      );
      return list.length > 0;
    },

    /** The reply's final state, the provider's prompt count and the day's charge, in one statement. */
    async finish(f: FinishTurn): Promise<boolean> {
      const [row] = await rows<{ written: number }>(
        db,
        sql`with reply as (
            update chat_messages set content = ${f.content}, status = ${f.status}, updated_at = ${f.now.toISOString()}::timestamptz,
              model = ${f.model}, tokens = ${f.tokens}::int, tokens_estimated = ${f.tokensEstimated}::boolean,
              error_code = ${f.errorCode}, turn_token = null
            where id = ${f.replyId} and turn_token = ${f.token} returning id
          ), question as (
            update chat_messages set tokens = ${f.promptTokens ?? 0}::int, tokens_estimated = false
            where id = ${f.questionId} and ${f.promptTokens !== null}::boolean and exists (select 1 from reply) returning id
          ), charge as (
            insert into chat_usage_days (user_id, day, tokens)
            select ${f.charge.userId}::uuid, ${f.charge.day}::date, ${f.charge.tokens}::int where ${f.charge.tokens}::int > 0
            on conflict (user_id, day) do update set tokens = chat_usage_days.tokens + excluded.tokens returning tokens
          )
          select (select count(*) from reply)::int as written, (select count(*) from question)::int as q, (select count(*) from charge)::int as c`,
      );
      return (row?.written ?? 0) > 0;
    },
  };
}
export type TurnRepository = ReturnType<typeof createTurnRepository>;
