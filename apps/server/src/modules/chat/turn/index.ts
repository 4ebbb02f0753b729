import type { ModelInfo } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ModerationService } from '../../moderation';
import type { PersonaSafety } from '../../safety';
import type { ChatConfig } from '../config';
import type { LlmProvider } from '../llm';
import type { PersonaResolver } from '../personas/resolve';
import type { TokenCounter } from '../tokens';
import type { TurnRepository } from '../turn-repository';
import type { ActiveTurns } from './active-turns';
import { createContextBuilder, type MemoryReader } from './context';
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
  /** Long-term memory (modules/memory): read into the context, and 记住… kept as the turn starts. */
  memory?: {
    read: MemoryReader;
    remember: (userId: string, sessionId: string, kind: string, question: string) => Promise<string | null>;
  };
}) {
  const modelInfo = (model?: string): ModelInfo => ({ provider: d.llm.provider, model: model ?? d.llm.model });
  const buildContext = createContextBuilder({
    turns: d.turns,
    tokenizer: d.tokenizer,
    contextTokens: d.config.contextTokens,
    deepContextTokens: d.config.deep.contextTokens,
    memory: d.memory?.read,
  });
  const prepare = createTurnPreparer({ ...d, buildContext, model: d.llm.model });
  const relay = createRelay(d);
  const finish = createFinisher({ ...d, modelInfo });

  return {
    prepare,
    modelInfo,
    async run(turn: Turn, onDelta: (text: string) => void, clientGone: AbortSignal): Promise<TurnResult> {
      let saved: string | null = null;
      if (d.memory && turn.memory.allowed && turn.memory.question) {
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
  };
}
export type TurnRunner = ReturnType<typeof createTurnRunner>;
