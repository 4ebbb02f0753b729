import type { ModelInfo } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ModerationService } from '../../moderation';
import type { PersonaSafety } from '../../safety';
import type { ChatConfig } from '../config';
import { createFollowUps } from '../follow-ups';
import type { LlmProvider } from '../llm';
import type { PersonaResolver } from '../personas/resolve';
import type { TokenCounter } from '../tokens';
import type { TurnRepository } from '../turn-repository';
import type { ActiveTurns } from './active-turns';
import { createContextBuilder } from './context';
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
  gate: (userId: string, authSessionId: string, persona: PersonaSafety) => Promise<void>;
  moderation: ModerationService;
  active: ActiveTurns;
  config: ChatConfig;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const modelInfo = (model?: string): ModelInfo => ({ provider: d.llm.provider, model: model ?? d.llm.model });
  const buildContext = createContextBuilder({
    turns: d.turns,
    tokenizer: d.tokenizer,
    contextTokens: d.config.contextTokens,
    deepContextTokens: d.config.deep.contextTokens,
  });
  const prepare = createTurnPreparer({ ...d, buildContext, model: d.llm.model });
  const relay = createRelay(d);
  const finish = createFinisher({ ...d, modelInfo });
  const followUps = createFollowUps({ llm: d.llm, moderation: d.moderation, timeoutMs: d.config.followUps.timeoutMs, log: d.log });

  /**
   * After a completed reply (never a stopped, failed or blocked one, nor a crisis answer): the chips, stored with the
   * reply so a reload shows them, then carried by the final event. The reply itself is already saved as done.
   */
  async function withFollowUps(turn: Turn, result: TurnResult): Promise<TurnResult> {
    try {
      const eligible =
        d.config.followUps.enabled && !result.error && result.final.status === 'done' && !turn.crisis && !!result.final.content;
      const list = eligible ? await followUps(turn, result.final.content) : [];
      if (await d.turns.setFollowUps(turn.replyId, list.length ? list : null)) {
        if (list.length) return { ...result, final: { ...result.final, follow_ups: list } };
      }
    } catch (err) {
      d.log.warn({ err, session: turn.sessionId }, 'chat: follow-ups not stored');
    }
    return result;
  }

  return {
    prepare,
    modelInfo,
    async run(turn: Turn, onDelta: (text: string) => void, clientGone: AbortSignal): Promise<TurnResult> {
      let relayed;
      try {
        relayed = await relay(turn, onDelta, clientGone);
      } catch (err) {
        d.active.remove(turn.sessionId, turn.controller);
        throw err;
      }
      return withFollowUps(turn, await finish(turn, relayed));
    },
  };
}
export type TurnRunner = ReturnType<typeof createTurnRunner>;
