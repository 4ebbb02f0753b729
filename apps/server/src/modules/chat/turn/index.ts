import type { ModelInfo } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ModerationService } from '../../moderation';
import type { SqlCall } from '../../../db/together';
import type { TurnGateCheck } from '../../safety';
import type { ChatConfig } from '../config';
import { createFollowUps } from '../follow-ups';
import { sessionNameFrom } from '../session-name';
import { createSessionTitles } from '../session-title';
import type { LlmProvider } from '../llm';
import type { PersonaResolver } from '../personas/resolve';
import type { TokenCounter } from '../tokens';
import type { TurnRepository } from '../turn-repository';
import type { ActiveTurns } from './active-turns';
import { createContextBuilder, type TurnMemory } from './context';
import { createFinisher } from './finish';
import { createTurnPreparer } from './prepare';
import { createRelay } from './relay';
import type { Turn, TurnResult } from './types';

export { createActiveTurns, type ActiveTurns } from './active-turns';
export { remainingAfter } from './deep';
export { chinaDay, type TurnRequest } from './prepare';
export type { StopReason, Turn, TurnResult } from './types';

/**
 * One question and its reply, in four stages, each its own file: prepare (checks, then the turn started in the
 * database) → context (what the model is sent) → relay (the stream) → finish (final write and charge).
 */
export function createTurnRunner(d: {
  turns: TurnRepository;
  llm: LlmProvider;
  tokenizer: TokenCounter;
  resolvePersona: PersonaResolver;
  gate: (userId: string, authSessionId: string, now: Date) => SqlCall<TurnGateCheck>;
  moderation: ModerationService;
  active: ActiveTurns;
  config: ChatConfig;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Long-term memory (modules/memory): read into the context, and 记住… kept as the turn starts. */
  memory: {
    turn: (userId: string, sessionId: string) => SqlCall<(kind: string) => TurnMemory>;
    remember: (userId: string, sessionId: string, kind: string, question: string) => Promise<string | null>;
  };
}) {
  const modelInfo = (model?: string): ModelInfo => ({ provider: d.llm.provider, model: model ?? d.llm.model });
  const buildContext = createContextBuilder({
    turns: d.turns,
    tokenizer: d.tokenizer,
    contextTokens: d.config.contextTokens,
    deepContextTokens: d.config.deep.contextTokens,
  });
  const prepare = createTurnPreparer({ ...d, memory: d.memory.turn, buildContext, model: d.llm.model });
  const relay = createRelay(d);
  const finish = createFinisher({ ...d, modelInfo });
  const followUps = createFollowUps({ llm: d.llm, moderation: d.moderation, timeoutMs: d.config.followUps.timeoutMs, log: d.log });
  const titles = createSessionTitles({ llm: d.llm, moderation: d.moderation, timeoutMs: d.config.followUps.timeoutMs, log: d.log });

  /** After a session's first completed reply: the model's short title replaces the name cut from the question. */
  async function retitle(turn: Turn, reply: string): Promise<void> {
    const question = [...turn.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const fromQuestion = sessionNameFrom(question);
    if (!fromQuestion) return;
    const name = await titles(turn, reply);
    if (name && name !== fromQuestion) await d.turns.retitle(turn.sessionId, turn.userId, fromQuestion, name);
  }

  /**
   * After a completed reply (never a stopped, failed or blocked one, nor a crisis answer): the chips, stored with the
   * reply so a reload shows them; after a session's first one, its model-made title too. Called once the final event
   * is out, so the reply is settled for the user while this second short call runs; [] when there are none.
   */
  async function followUpsFor(turn: Turn, result: TurnResult): Promise<string[]> {
    try {
      const completed = !result.error && result.final.status === 'done' && !turn.crisis && !!result.final.content;
      const firstReply = completed && d.config.modelTitles && turn.order === 2;
      const [list] = await Promise.all([
        completed && d.config.followUps.enabled ? followUps(turn, result.final.content) : [],
        firstReply ? retitle(turn, result.final.content).catch((err) => d.log.warn({ err }, 'chat: title not stored')) : null,
      ]);
      // A regenerated reply reuses its row: an empty list clears the chips of the answer it replaced. A new reply's
      // row has none, so an empty list costs it no write.
      if (!list.length && !turn.regenerated) return [];
      if ((await d.turns.setFollowUps(turn.replyId, list.length ? list : null)) && list.length) return list;
    } catch (err) {
      d.log.warn({ err, session: turn.sessionId }, 'chat: follow-ups not stored');
    }
    return [];
  }

  return {
    prepare,
    modelInfo,
    async run(turn: Turn, onDelta: (text: string) => void, clientGone: AbortSignal): Promise<TurnResult> {
      let saved: string | null = null;
      if (turn.memory.allowed && turn.memory.question) {
        try {
          saved = await d.memory.remember(turn.userId, turn.sessionId, turn.persona.kind, turn.memory.question);
        } catch (err) {
          d.log.warn({ err, session: turn.sessionId }, 'memory: explicit fact not kept');
        }
      }
      let relayed;
      try {
        relayed = await relay(turn, onDelta, clientGone);
      } catch (err) {
        d.active.remove(turn.sessionId, turn.controller);
        throw err;
      }
      const result = await finish(turn, relayed);
      return { ...result, final: { ...result.final, memory: { used: turn.memory.used, saved } } };
    },
    followUps: followUpsFor,
  };
}
export type TurnRunner = ReturnType<typeof createTurnRunner>;
