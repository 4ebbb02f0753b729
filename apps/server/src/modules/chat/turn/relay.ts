import { BLOCKED_REPLY_TEXT, type ChatStreamError } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ModerationService } from '../../moderation';
import type { ChatConfig } from '../config';
import type { LlmProvider, LlmUsage } from '../llm';
import type { TurnRepository } from '../turn-repository';
import { createReplyWriter } from './reply-writer';
import type { Relayed, StopReason, Turn } from './types';

const ERROR_TEXT: Record<ChatStreamError['code'], string> = {
  timeout: '系统思考超时，请稍后重试',
  upstream: '模型服务暂时不可用，请稍后重试',
  internal: '回复生成失败，请稍后重试',
};
export const INTERNAL_ERROR: ChatStreamError = { code: 'internal', message: ERROR_TEXT.internal };

export type RelayOutcome = Relayed & { writer: ReturnType<typeof createReplyWriter> };

/**
 * Stream relay: the model's text to the client as it passes moderation, with first-byte, idle and total-time
 * watchdogs, the growing reply written to its row (and the row's heartbeat). Only checked text is ever sent or
 * written: the moderation guard holds back the unchecked tail, and on a hit the upstream is stopped and the reply
 * becomes the safe replacement text (status 'blocked'). A reply deleted or taken over elsewhere stops here.
 */
export function createRelay(d: {
  llm: LlmProvider;
  turns: TurnRepository;
  moderation: ModerationService;
  config: ChatConfig;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  return async function relay(turn: Turn, onDelta: (text: string) => void, clientGone: AbortSignal): Promise<RelayOutcome> {
    const { controller } = turn;
    const stop = (reason: StopReason) => !controller.signal.aborted && controller.abort(reason);
    const onGone = () => stop('client');
    if (clientGone.aborted) onGone();
    clientGone.addEventListener('abort', onGone);

    let firstByte: NodeJS.Timeout | null = setTimeout(() => stop('timeout'), d.config.firstByteTimeoutMs);
    let idle: NodeJS.Timeout | null = null;
    const total = setTimeout(() => stop('timeout'), d.config.maxDurationMs);
    const alive = () => {
      if (firstByte) clearTimeout(firstByte);
      firstByte = null;
      idle?.refresh();
      idle ??= setTimeout(() => stop('timeout'), d.config.idleTimeoutMs);
    };

    let content = '';
    let model: string | undefined;
    let usage: LlmUsage | null = null;
    let status: Relayed['status'] = 'done';
    let error: ChatStreamError | null = null;
    const writer = createReplyWriter({
      write: (c) => d.turns.writeReply(turn.replyId, turn.token, c),
      touch: () => d.turns.touchReply(turn.replyId, turn.token),
      intervalMs: d.config.persistIntervalMs,
      heartbeatMs: Math.floor(d.config.staleReplyMs / 3),
      onLost: () => stop('lost'),
      onError: (err) => d.log.warn({ err }, 'chat: interim reply write failed'),
    });
    const guard = d.moderation.guardReply(
      { scene: 'answer', userId: turn.userId, sessionId: turn.sessionId },
      {
        release(text) {
          content += text;
          onDelta(text);
          writer.update(content);
        },
        block: () => stop('blocked'),
      },
    );
    try {
      await d.llm.stream(
        {
          messages: turn.messages,
          maxTokens: turn.maxTokens,
          temperature: d.config.temperature,
          signal: controller.signal,
          persona: {
            key: turn.persona.key,
            title: turn.title,
            focus: turn.persona.focus,
            crisis: turn.crisis,
            mode: turn.deep ? 'deep' : 'chat',
          },
        },
        (ev) => {
          if (controller.signal.aborted) return;
          alive();
          if (ev.type === 'delta') guard.push(ev.text);
          else if (ev.type === 'usage') usage = ev.usage;
          else if (ev.type === 'model') model = ev.model;
        },
      );
      // The model is done: what the guard still holds is checked and released (or the reply is blocked now).
      if (!controller.signal.aborted) await guard.end();
      if (controller.signal.aborted) throw controller.signal.reason;
    } catch (err) {
      const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
      if (reason === 'blocked') {
        status = 'blocked';
        content = BLOCKED_REPLY_TEXT;
      } else if (reason === 'timeout') {
        status = 'error';
        error = { code: 'timeout', message: ERROR_TEXT.timeout };
      } else if (reason) {
        status = 'aborted';
      } else {
        status = 'error';
        error = { code: 'upstream', message: ERROR_TEXT.upstream };
        d.log.warn({ err: errSummary(err), session: turn.sessionId }, 'chat: upstream stream failed');
      }
    } finally {
      for (const t of [firstByte, idle, total]) if (t) clearTimeout(t);
      clientGone.removeEventListener('abort', onGone);
    }
    return { content, model, usage, status, error, writer };
  };
}
export type Relay = ReturnType<typeof createRelay>;

/** Upstream errors can carry request bodies and headers; log only what helps. */
function errSummary(err: unknown) {
  const e = err as { name?: string; message?: string; status?: number; code?: string } | null;
  return { name: e?.name, message: e?.message?.slice(0, 300), status: e?.status, code: e?.code };
}
