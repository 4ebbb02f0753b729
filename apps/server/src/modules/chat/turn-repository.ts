import type { Database } from '../../db/client';
import { run, together, type SqlCall } from '../../db/together';
import { createReplyWriteBatch } from './reply-write-batch';
import { messageGrams } from './search';

/**
 * The SQL of a chat turn, on the hot path of every question: one read, one call that starts the turn, fenced writes of
 * the growing reply, one final call — each a PL/pgSQL function (migrations 0007–0009) called as a prepared statement
 * (Database.query). Through drizzle's builder the same statements cost ~3× the server CPU, and on PGlite, which plans
 * every plain statement again, the functions keep their plans (docs/benchmarks.md).
 */

export type BeginOutcome = 'ok' | 'not_found' | 'busy' | 'streams' | 'quota' | 'full' | 'changed' | 'used_up';

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
  /** A deep-service session: its deep replies left (null: a free session). */
  deepLeft: number | null;
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

export interface GroundingChart {
  /** The request the chart was saved from (to cast it again with today's calculator). */
  input: unknown;
  /** The chart as saved (read when the request can no longer be cast). */
  result: unknown;
  name: string | null;
}

export type GroundingRow =
  | { kind: 'chart' | 'latest'; chart: GroundingChart & { createdAt: Date }; year: number | null; month: number | null }
  | { kind: 'pairing'; chart: GroundingChart & { createdAt: Date }; partner: GroundingChart };

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

/**
 * The caller's session with its newest `limit` messages (chat_read_session, migrations 0008 and 0013, newest first);
 * null when it is not the caller's (or does not exist).
 */
const sessionCall = (sessionId: string, userId: string, limit: number): SqlCall<TurnSession | null> => ({
  call: 'chat_read_session($1, $2::uuid, $3::int)',
  params: [sessionId, userId, limit],
  read(list) {
    const first = list[0];
    if (!first) return null;
    const history: HistoryRow[] = [];
    for (let i = list.length - 1; i >= 0; i--) {
      const r = list[i] as (typeof list)[number];
      if (r.id === null) continue;
      history.push({
        id: Number(r.id),
        role: String(r.role),
        content: String(r.content),
        orderNum: Number(r.order_num),
        status: String(r.status),
        updatedAt: new Date(r.updated_at as string),
      });
    }
    return {
      serviceType: String(first.service_type),
      sessionName: (first.session_name as string | null) ?? null,
      deepLeft: (first.deep_left as number | null) ?? null,
      history,
    };
  },
});

export function createTurnRepository(database: Pick<Database, 'query'>, o: { now: () => Date; interimWindowMs?: number }) {
  const q = database.query;
  const interim = createReplyWriteBatch({
    windowMs: o.interimWindowMs ?? 20,
    async flush(writes) {
      const rows = await q<{ id: number }>('select id from chat_write_replies($1::int[], $2::text[], $3::text[], $4::timestamptz) as id', [
        writes.map((w) => w.replyId),
        writes.map((w) => w.token),
        writes.map((w) => w.content),
        o.now().toISOString(),
      ]);
      return new Set(rows.map((r) => Number(r.id)));
    },
  });
  return {
    sessionCall,

    /** The caller's session with its newest `limit` messages; null when it is not the caller's (or does not exist). */
    readSession: (sessionId: string, userId: string, limit: number) => run(q, sessionCall(sessionId, userId, limit)),

    /** The turn's first round trip: its session, the safety gate and memory in one statement (db/together.ts). */
    open: <T extends unknown[]>(calls: { [K in keyof T]: SqlCall<T[K]> }) => together<T>(q, calls),

    /**
     * What a fortune persona's session is grounded in (issue #15): the chart or 合婚 pairing the session was started
     * from (chat_groundings), else the user's latest saved chart. One statement; every row is the caller's own.
     */
    async grounding(sessionId: string, userId: string): Promise<GroundingRow | null> {
      const [row] = await q<{
        kind: string | null;
        year: number | null;
        month: number | null;
        input: unknown;
        result: unknown;
        name: string | null;
        created_at: Date | null;
        partner_input: unknown;
        partner_result: unknown;
        partner_name: string | null;
      }>(
        `select g.kind, g.year, g.month, c.input, c.result, c.name, c.created_at,
           p.input as partner_input, p.result as partner_result, p.name as partner_name
         from (select 1) as one
         left join chat_groundings g on g.session_id = $1 and g.user_id = $2::uuid
         left join bazi_pairings bp on bp.id = g.pairing_id and bp.user_id = $2::uuid
         left join bazi_charts c on c.user_id = $2::uuid and c.id = coalesce(g.chart_id, bp.chart_id,
           (select id from bazi_charts where user_id = $2::uuid order by created_at desc limit 1))
         left join bazi_charts p on p.user_id = $2::uuid and p.id = bp.partner_chart_id`,
        [sessionId, userId],
      );
      if (!row || row.input === null || row.created_at === null) return null;
      const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
      const chart = { input: json(row.input), result: json(row.result), name: row.name, createdAt: new Date(row.created_at) };
      if (row.kind === 'pairing' && row.partner_input !== null) {
        return {
          kind: 'pairing',
          chart,
          partner: { input: json(row.partner_input), result: json(row.partner_result), name: row.partner_name },
        };
      }
      return { kind: row.kind === 'chart' ? 'chart' : 'latest', chart, year: row.year, month: row.month };
    },

    /** chat_begin_turn (migration 0007): every bound checked and both rows written under one lock per user. */
    async begin(t: BeginTurn): Promise<{ outcome: BeginOutcome; questionId: number; replyId: number; order: number }> {
      const question = t.question;
      const [row] = await q<{ outcome: BeginOutcome; question_id: number | null; reply_id: number | null; reply_order: number | null }>(
        `select * from chat_begin_turn($1::uuid, $2, $3::timestamptz, $4::timestamptz, $5::date, $6::int, $7::int, $8::int, $9,
          $10, $11::boolean, $12::int, $13, $14, $15::int, $16, $17::int, $18::int, $19::text[])`,
        [
          t.userId,
          t.sessionId,
          t.now.toISOString(),
          t.staleBefore.toISOString(),
          t.day,
          t.maxStreams,
          t.maxDayTokens,
          t.maxMessages,
          t.token,
          t.model,
          t.crisis,
          t.promptTokens,
          question?.query ?? null,
          question?.contentRag ?? null,
          question?.nextOrder ?? null,
          question?.name ?? null,
          t.regenerate?.replyId ?? null,
          t.regenerate?.questionId ?? null,
          question ? messageGrams(question.query) : null,
        ],
      );
      return {
        outcome: row?.outcome ?? 'changed',
        questionId: row?.question_id ?? 0,
        replyId: row?.reply_id ?? 0,
        order: row?.reply_order ?? 0,
      };
    },

    /**
     * Writes the reply so far; false when the turn no longer owns the row (deleted, or taken over after going stale).
     * Joins the process's next batch of interim writes (reply-write-batch.ts).
     */
    writeReply(replyId: number, token: string, content: string): Promise<boolean> {
      return interim({ replyId, token, content });
    },

    /** The heartbeat of a reply with nothing new to write (waiting for the model's first words). */
    touchReply(replyId: number, token: string): Promise<boolean> {
      return interim({ replyId, token, content: null });
    },

    /**
     * A completed reply's follow-up chips (issue #16); false when the reply is gone or no longer done. Null clears
     * what a regenerated reply's earlier version had.
     */
    async setFollowUps(replyId: number, followUps: string[] | null): Promise<boolean> {
      const rows = followUps
        ? await q<{ id: number }>(`update chat_messages set follow_ups = $2::jsonb where id = $1 and status = 'done' returning id`, [
            replyId,
            JSON.stringify(followUps),
          ])
        : await q<{ id: number }>(`update chat_messages set follow_ups = null where id = $1 and follow_ups is not null returning id`, [
            replyId,
          ]);
      return rows.length > 0;
    },

    /** A model-made title, only while the session still has the name its first question gave it (not renamed since). */
    async retitle(sessionId: string, userId: string, expected: string, name: string): Promise<boolean> {
      const rows = await q<{ id: string }>(
        `update chat_sessions set session_name = $4 where id = $1 and user_id = $2::uuid and session_name = $3 returning id`,
        [sessionId, userId, expected, name],
      );
      return rows.length > 0;
    },

    /** The reply was written with the user's memory in its context (shown as 参考了你的记忆). */
    async markMemoryUsed(replyId: number): Promise<void> {
      await q('update chat_messages set memory_used = true where id = $1::int', [replyId]);
    },

    /** The reply's final state, the provider's prompt count and the day's charge (chat_finish_turn, migration 0009). */
    async finish(f: FinishTurn): Promise<boolean> {
      const [row] = await q<{ ok: boolean }>(
        `select chat_finish_turn($1, $2, $3, $4, $5::timestamptz, $6, $7::int, $8::boolean, $9, $10::int, $11::int, $12::uuid,
          $13::date, $14::int, $15::text[]) as ok`,
        [
          f.replyId,
          f.token,
          f.content,
          f.status,
          f.now.toISOString(),
          f.model,
          f.tokens,
          f.tokensEstimated,
          f.errorCode,
          f.questionId,
          f.promptTokens,
          f.charge.userId,
          f.charge.day,
          f.charge.tokens,
          messageGrams(f.content),
        ],
      );
      return row?.ok === true;
    },
  };
}
export type TurnRepository = ReturnType<typeof createTurnRepository>;
