import { randomBytes } from 'node:crypto';
import { CHAT_MSG, ORDER_MSG, SAFETY_MSG } from '@lingxi/shared';
import { AppError, badRequest, conflict, notFound, tooMany } from '../../../lib/errors';
import type { ModerationService } from '../../moderation';
import type { SqlCall } from '../../../db/together';
import type { TurnGateCheck } from '../../safety';
import type { ChatConfig } from '../config';
import type { PersonaResolver } from '../personas/resolve';
import { detectCrisis } from '../safety';
import { sessionNameFrom } from '../session-name';
import type { BeginOutcome, TurnRepository } from '../turn-repository';
import type { ActiveTurns } from './active-turns';
import type { ContextBuilder, TurnMemory } from './context';
import type { Turn } from './types';

/** Messages read for the context; the token budget then keeps what fits. */
const HISTORY_WINDOW = 80;

export interface TurnRequest {
  query: string;
  /** The session id (spec §7 names it key). */
  key: string;
  regenerate: boolean;
}

/** The day the daily token bound counts in: the calendar day in Beijing (UTC+8, no daylight saving). */
export const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

const REFUSAL: Record<Exclude<BeginOutcome, 'ok'>, () => AppError> = {
  not_found: () => notFound(CHAT_MSG.sessionNotFound),
  busy: () => conflict(CHAT_MSG.busy),
  // The session changed between reading it and starting the turn: another question or reply got in first.
  changed: () => conflict(CHAT_MSG.busy),
  streams: () => tooMany(CHAT_MSG.streamsLimit),
  quota: () => tooMany(CHAT_MSG.dailyQuota),
  full: () => conflict(CHAT_MSG.sessionFull),
  used_up: () => new AppError(409, ORDER_MSG.usedUp, 'DEEP_USED_UP'),
};

/**
 * Prepare: everything that can refuse a question happens here, before any byte of the answer, so refusals leave as
 * plain JSON 4xx. Read the session, the safety gate's inputs and memory in one round trip, choose the persona, apply
 * the gate (minor mode, breaks, the AI notice) and moderation, build the context, then start the turn in the
 * database, which checks every bound atomically and writes the question and the empty reply (chat_begin_turn).
 */
export function createTurnPreparer(d: {
  turns: TurnRepository;
  /** Minor mode, breaks and the AI notice (modules/safety): the call counts the use; its check may refuse the turn. */
  gate: (userId: string, authSessionId: string, now: Date) => SqlCall<TurnGateCheck>;
  /** Long-term memory (modules/memory): for the persona's kind, whether it may be used and its block for the prompt. */
  memory: (userId: string, sessionId: string) => SqlCall<(kind: string) => TurnMemory>;
  moderation: ModerationService;
  resolvePersona: PersonaResolver;
  buildContext: ContextBuilder;
  active: ActiveTurns;
  config: ChatConfig;
  model: string;
  now: () => Date;
}) {
  return async function prepare(userId: string, body: TurnRequest, authSessionId: string): Promise<Turn> {
    const now = d.now();
    const staleBefore = new Date(now.getTime() - d.config.staleReplyMs);
    // One statement for what three modules know before anything can be decided (ADR 029). The gate counts the use
    // even when the question is then refused: the user was there.
    const [found, gateCheck, memoryFor] = await d.turns.open([
      d.turns.sessionCall(body.key, userId, HISTORY_WINDOW),
      d.gate(userId, authSessionId, now),
      d.memory(userId, body.key),
    ]);
    let session = found;
    if (!session) throw notFound(CHAT_MSG.sessionNotFound);
    const deepLeft = session.deepLeft;
    if (deepLeft !== null && deepLeft <= 0) throw REFUSAL.used_up();
    // A deep reply remembers more: read further back only for deep sessions that have that much history.
    if (deepLeft !== null && session.history.length >= HISTORY_WINDOW && d.config.deep.historyMessages > HISTORY_WINDOW) {
      session = (await d.turns.readSession(body.key, userId, d.config.deep.historyMessages)) ?? session;
    }
    const resolved = await d.resolvePersona(session.serviceType);
    if (!resolved) throw badRequest(CHAT_MSG.serviceTypeNotFound);
    const { history } = session;
    const last = history.at(-1);
    // Answer a plain "busy" without building a context; chat_begin_turn decides for certain.
    if (last?.status === 'streaming' && last.updatedAt > staleBefore) throw conflict(CHAT_MSG.busy);

    let query = body.query.trim();
    let past = history;
    let regenerate: { replyId: number; questionId: number } | null = null;
    if (body.regenerate) {
      const question = history.at(-2);
      if (!last || last.role !== 'assistant' || !question || question.role !== 'user') throw badRequest(CHAT_MSG.nothingToRegenerate);
      regenerate = { replyId: last.id, questionId: question.id };
      query = question.content;
      past = history.slice(0, -2);
    }

    const { persona, title } = resolved;
    gateCheck({ intimate: !!persona.safety.intimate, companion: !!persona.safety.companion });
    // A question that fails moderation is refused here: it is neither stored nor sent to the model.
    await d.moderation.assertClean(query, { scene: 'question', userId, sessionId: body.key }, SAFETY_MSG.questionBlocked);
    const crisis = persona.safety.crisisCheck && detectCrisis(query);
    const deep = deepLeft !== null;
    const memory = memoryFor(persona.kind);
    const context = await d.buildContext({ userId, sessionId: body.key, persona, crisis, query, history: past, now, deep, memory });
    const token = randomBytes(12).toString('base64url');
    const b = d.config.bounds;
    const day = chinaDay(now);
    const started = await d.turns.begin({
      userId,
      sessionId: body.key,
      now,
      staleBefore,
      day,
      maxStreams: b.streamsPerUser,
      maxDayTokens: b.dailyTokensPerUser,
      maxMessages: b.messagesPerSession,
      token,
      model: d.model,
      crisis,
      promptTokens: context.promptTokens,
      question: regenerate
        ? null
        : {
            query,
            contentRag: context.grounding,
            nextOrder: (last?.orderNum ?? 0) + 1,
            name: session.sessionName ? null : sessionNameFrom(query),
          },
      regenerate,
    });
    if (started.outcome !== 'ok') throw REFUSAL[started.outcome]();

    const controller = new AbortController();
    d.active.add(body.key, controller);
    return {
      userId,
      sessionId: body.key,
      order: started.order,
      questionId: started.questionId,
      replyId: started.replyId,
      token,
      regenerated: regenerate !== null,
      day,
      persona,
      title,
      crisis,
      messages: context.messages,
      promptTokens: context.promptTokens,
      maxTokens: deep ? d.config.deep.maxTokens : d.config.maxTokens,
      deep: deep ? { left: deepLeft } : null,
      controller,
      memory: { question: regenerate ? null : query, allowed: context.memoryAllowed, used: context.memoryUsed },
    };
  };
}
export type TurnPreparer = ReturnType<typeof createTurnPreparer>;
