import { CHAT_MSG, type ChatFinal, type ChatStreamError, type ModelInfo } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { latestChart, summarizeChart } from './bazi-context';
import type { ChatConfig } from './config';
import type { LlmMessage, LlmProvider, LlmUsage } from './llm';
import { createThrottledWriter } from './persister';
import { buildSystemPrompt, CRISIS_INSTRUCTION, type Persona } from './personas';
import type { ChatRepository, MessageStatus } from './repository';
import { isUniqueViolation } from './repository';
import { detectCrisis } from './safety';
import { sessionNameFrom } from './session-name';
import { countTokens, fitToBudget, loadTokenizer } from './tokens';

/** Why a running reply was stopped; decides the stored status. */
export type StopReason = 'client' | 'shutdown' | 'deleted' | 'timeout';

export interface Turn {
  sessionId: string;
  order: number;
  userMessageId: number;
  assistantMessageId: number;
  persona: Persona;
  title: string;
  crisis: boolean;
  messages: LlmMessage[];
  promptTokens: number;
  controller: AbortController;
}

export interface TurnResult {
  final: ChatFinal;
  error: ChatStreamError | null;
}

const HISTORY_WINDOW = 80;
const ERROR_TEXT: Record<ChatStreamError['code'], string> = {
  timeout: '系统思考超时，请稍后重试',
  upstream: '模型服务暂时不可用，请稍后重试',
  internal: '回复生成失败，请稍后重试',
};

interface Deps {
  repo: ChatRepository;
  llm: LlmProvider;
  config: ChatConfig;
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  resolvePersona: (type: string) => Promise<{ persona: Persona; title: string } | null>;
}

/**
 * One question and its reply: prepare (all checks and the stored question, so failures are still plain JSON 4xx),
 * then run (stream from the provider with first-byte, idle and total-time watchdogs, writing the reply as it grows).
 */
export function createTurnRunner(d: Deps) {
  /** Replies running in this process, by session: one at a time per session, and stoppable by delete/shutdown. */
  const active = new Map<string, AbortController>();
  const modelInfo = (model?: string): ModelInfo => ({ provider: d.llm.provider, model: model ?? d.llm.model });

  async function prepare(user: UserRow, body: { query: string; key: string; regenerate: boolean }): Promise<Turn> {
    const session = await d.repo.findOwnSession(body.key, user.id);
    if (!session) throw notFound(CHAT_MSG.sessionNotFound);
    const resolved = await d.resolvePersona(session.serviceType);
    if (!resolved) throw badRequest(CHAT_MSG.serviceTypeNotFound);
    if (active.has(session.id)) throw conflict(CHAT_MSG.busy);
    const controller = new AbortController();
    active.set(session.id, controller);
    try {
      return await prepareReserved(user, session.id, session.sessionName, resolved, body, controller);
    } catch (err) {
      active.delete(session.id);
      if (isUniqueViolation(err)) throw conflict(CHAT_MSG.busy);
      throw err;
    }
  }

  async function prepareReserved(
    user: UserRow,
    sessionId: string,
    sessionName: string | null,
    { persona, title }: { persona: Persona; title: string },
    body: { query: string; key: string; regenerate: boolean },
    controller: AbortController,
  ): Promise<Turn> {
    const now = d.now();
    const recent = await d.repo.lastMessages(sessionId, HISTORY_WINDOW);
    let query = body.query.trim();
    let history = recent;
    let regenerateId: number | null = null;
    let userMessageId = 0;
    if (body.regenerate) {
      const last = recent.at(-1);
      const question = recent.at(-2);
      if (!last || last.role !== 'assistant' || !question || question.role !== 'user') throw badRequest(CHAT_MSG.nothingToRegenerate);
      regenerateId = last.id;
      userMessageId = question.id;
      query = question.content;
      history = recent.slice(0, -2);
    }
    const crisis = persona.safety.crisisCheck && detectCrisis(query);
    let chart: string | null = null;
    if (persona.safety.groundedChart) {
      const row = await latestChart(d.db, user.id);
      chart = row ? summarizeChart(row.result, row.createdAt, now) : null;
    }
    const system = [buildSystemPrompt(persona), chart, crisis ? CRISIS_INSTRUCTION : null].filter(Boolean).join('\n\n');
    const enc = await loadTokenizer();
    const past: LlmMessage[] = history
      .filter((m) => m.content.trim() && (m.role === 'user' || m.role === 'assistant'))
      .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
    const fit = fitToBudget(enc, system, past, { role: 'user', content: query }, d.config.contextTokens);

    let order: number;
    let assistantMessageId: number;
    if (regenerateId !== null) {
      await d.repo.restartReply(regenerateId, { model: d.llm.model, crisis, now });
      // Until the provider reports usage, the question is charged with our own count of everything sent.
      await d.repo.setTokens(userMessageId, fit.promptTokens, true);
      await d.repo.touchSession(sessionId, now);
      assistantMessageId = regenerateId;
      order = recent.at(-1)!.orderNum;
    } else {
      const t = await d.repo.insertTurn({
        sessionId,
        userId: user.id,
        query,
        contentRag: chart,
        crisis,
        model: d.llm.model,
        promptTokens: fit.promptTokens,
        nextOrder: (recent.at(-1)?.orderNum ?? 0) + 1,
        now,
        nameIfUnnamed: sessionName ? null : sessionNameFrom(query),
      });
      ({ userMessageId, assistantMessageId, order } = t);
    }
    return {
      sessionId,
      order,
      userMessageId,
      assistantMessageId,
      persona,
      title,
      crisis,
      messages: fit.messages,
      promptTokens: fit.promptTokens,
      controller,
    };
  }

  async function run(turn: Turn, onDelta: (text: string) => void, clientGone: AbortSignal): Promise<TurnResult> {
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
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => stop('timeout'), d.config.idleTimeoutMs);
    };

    let content = '';
    let model: string | undefined;
    let usage: LlmUsage | null = null;
    let status: MessageStatus = 'done';
    let error: ChatStreamError | null = null;
    const writer = createThrottledWriter(
      (c) => d.repo.updateReply(turn.assistantMessageId, { content: c, status: 'streaming', now: d.now() }),
      d.config.persistIntervalMs,
      (err) => d.log.warn({ err }, 'chat: interim reply write failed'),
    );
    try {
      const events = d.llm.stream({
        messages: turn.messages,
        maxTokens: d.config.maxTokens,
        temperature: d.config.temperature,
        signal: controller.signal,
        persona: { key: turn.persona.key, title: turn.title, focus: turn.persona.focus, crisis: turn.crisis },
      });
      for await (const ev of events) {
        if (controller.signal.aborted) break;
        alive();
        if (ev.type === 'delta') {
          content += ev.text;
          onDelta(ev.text);
          writer.update(content);
        } else if (ev.type === 'usage') usage = ev.usage;
        else if (ev.type === 'model') model = ev.model;
      }
      if (controller.signal.aborted) throw controller.signal.reason;
    } catch (err) {
      const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : null;
      if (reason === 'timeout') {
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

    try {
      await writer.finish(async () => {
        const now = d.now();
        const enc = await loadTokenizer();
        const replyTokens = usage ? usage.completionTokens : countTokens(enc, content);
        await d.repo.updateReply(turn.assistantMessageId, {
          content,
          status,
          now,
          model: model ?? d.llm.model,
          tokens: replyTokens,
          tokensEstimated: !usage,
          errorCode: error?.code ?? null,
        });
        if (usage) await d.repo.setTokens(turn.userMessageId, usage.promptTokens, false);
      });
    } catch (err) {
      d.log.error({ err, session: turn.sessionId }, 'chat: final reply write failed');
      if (!error) error = { code: 'internal', message: ERROR_TEXT.internal };
      status = 'error';
    } finally {
      if (active.get(turn.sessionId) === controller) active.delete(turn.sessionId);
    }
    return {
      final: {
        content,
        role: 'assistant',
        model_info: modelInfo(model),
        status,
        order: turn.order,
        session_id: turn.sessionId,
        safety: { crisis: turn.crisis },
      },
      error,
    };
  }

  return {
    prepare,
    run,
    modelInfo,
    /** Stops the running reply of a session (deleted) — its partial text is kept until the rows are gone. */
    stop(sessionId: string, reason: StopReason) {
      const c = active.get(sessionId);
      if (c && !c.signal.aborted) c.abort(reason);
    },
    stopAll(reason: StopReason) {
      for (const c of active.values()) if (!c.signal.aborted) c.abort(reason);
    },
    activeCount: () => active.size,
  };
}
export type TurnRunner = ReturnType<typeof createTurnRunner>;

/** Upstream errors can carry request bodies and headers; log only what helps. */
function errSummary(err: unknown) {
  const e = err as { name?: string; message?: string; status?: number; code?: string } | null;
  return { name: e?.name, message: e?.message?.slice(0, 300), status: e?.status, code: e?.code };
}
