import type { ModelInfo } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import { countTokens, type TokenCounter } from '../tokens';
import type { TurnRepository } from '../turn-repository';
import type { ActiveTurns } from './active-turns';
import { remainingAfter } from './deep';
import { INTERNAL_ERROR, type RelayOutcome } from './relay';
import type { Turn, TurnResult } from './types';

/**
 * Finish: the reply's final state and token counts in one statement, the day's tokens charged to the user, and the
 * `final` event's payload. The provider's usage wins; without one, our own estimate is stored and flagged.
 */
export function createFinisher(d: {
  turns: TurnRepository;
  tokenizer: TokenCounter;
  active: ActiveTurns;
  modelInfo: (model?: string) => ModelInfo;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  return async function finish(turn: Turn, r: RelayOutcome): Promise<TurnResult> {
    let { status, error } = r;
    const model = d.modelInfo(r.model).model;
    let written = false;
    try {
      await r.writer.finish(async () => {
        const replyTokens = r.usage ? r.usage.completionTokens : countTokens(d.tokenizer, r.content);
        const promptTokens = r.usage ? r.usage.promptTokens : turn.promptTokens;
        // An upstream that refused or never answered charged nothing; anything it did answer is counted.
        const charged = r.usage || r.content ? promptTokens + replyTokens : 0;
        written = await d.turns.finish({
          replyId: turn.replyId,
          token: turn.token,
          content: r.content,
          status,
          now: d.now(),
          model,
          tokens: replyTokens,
          tokensEstimated: !r.usage,
          errorCode: error?.code ?? null,
          questionId: turn.questionId,
          promptTokens: r.usage ? r.usage.promptTokens : null,
          charge: { userId: turn.userId, day: turn.day, tokens: charged },
        });
      });
      if (written && turn.memory.used) await d.turns.markMemoryUsed(turn.replyId);
    } catch (err) {
      d.log.error({ err, session: turn.sessionId }, 'chat: final reply write failed');
      error ??= INTERNAL_ERROR;
      status = 'error';
    } finally {
      d.active.remove(turn.sessionId, turn.controller);
    }
    return {
      final: {
        content: r.content,
        role: 'assistant',
        model_info: d.modelInfo(r.model),
        status,
        order: turn.order,
        session_id: turn.sessionId,
        safety: { crisis: turn.crisis },
        deep: turn.deep ? { remaining: remainingAfter(turn.deep.left, { status, content: r.content, written }) } : null,
      },
      error,
    };
  };
}
