import { CHAT_MSG, DEEP_SUMMARY_MAX, ORDER_MSG, type DeepSummary } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound, tooMany } from '../../lib/errors';
import type { ChatConfig } from './config';
import type { DeepRepository } from './deep-repository';
import type { LlmProvider, LlmUsage } from './llm';
import { DEEP_SUMMARY_INSTRUCTION } from './personas';
import type { PersonaResolver } from './personas/resolve';
import { countTokens, type TokenCounter } from './tokens';
import { chinaDay } from './turn';

/** Messages a summary reads (the newest), each cut to this many characters, within the deep context budget. */
const TRANSCRIPT_MESSAGES = 200;
const MESSAGE_CHARS = 3_000;
const SUMMARY_MAX_TOKENS = 1_500;

/**
 * 深度总结: the model summarises a deep session (what the user cares about, key analyses, actions) and the summary is
 * saved with the session. Asked for at any time, and by the chat page automatically after the last deep reply. Each
 * one is a model call, so a session gets DEEP_SUMMARY_MAX of them; one that fails is given back. It does not use a
 * deep reply, and its tokens count toward the user's daily bound.
 */
export function createDeepSummaries(d: {
  repo: DeepRepository;
  ownSession: (sessionId: string, userId: string) => Promise<unknown>;
  llm: LlmProvider;
  tokenizer: TokenCounter;
  resolvePersona: PersonaResolver;
  config: ChatConfig;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  /** The transcript, newest messages kept first, within what the model may read alongside the instruction. */
  function transcriptText(rows: { role: string; content: string }[]): string {
    const budget = d.config.deep.contextTokens - countTokens(d.tokenizer, DEEP_SUMMARY_INSTRUCTION) - SUMMARY_MAX_TOKENS - 200;
    const kept: string[] = [];
    let used = 0;
    for (let i = rows.length - 1; i >= 0; i--) {
      const r = rows[i] as { role: string; content: string };
      const line = `${r.role === 'user' ? '用户' : '伙伴'}：${r.content.slice(0, MESSAGE_CHARS)}`;
      const n = countTokens(d.tokenizer, line) + 4;
      if (used + n > budget) break;
      kept.unshift(line);
      used += n;
    }
    return kept.join('\n\n');
  }

  async function ask(title: string, key: string, transcript: string): Promise<{ text: string; usage: LlmUsage | null }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), d.config.maxDurationMs);
    let text = '';
    let usage: LlmUsage | null = null;
    try {
      await d.llm.stream(
        {
          messages: [
            { role: 'system', content: DEEP_SUMMARY_INSTRUCTION },
            { role: 'user', content: `伙伴：「${title}」\n\n对话记录：\n\n${transcript}` },
          ],
          maxTokens: SUMMARY_MAX_TOKENS,
          temperature: 0.3,
          signal: controller.signal,
          persona: { key, title, focus: [], crisis: false, mode: 'summary' },
        },
        (ev) => {
          if (ev.type === 'delta') text += ev.text;
          else if (ev.type === 'usage') usage = ev.usage;
        },
      );
    } finally {
      clearTimeout(timer);
    }
    return { text: text.trim(), usage };
  }

  return {
    async summarize(user: UserRow, sessionId: string): Promise<DeepSummary> {
      // Another user's session answers exactly like one that does not exist.
      if (!(await d.ownSession(sessionId, user.id))) throw notFound(CHAT_MSG.sessionNotFound);
      const deep = await d.repo.ofSession(sessionId, user.id);
      if (!deep) throw badRequest(ORDER_MSG.notDeep);
      const rows = await d.repo.transcript(sessionId, TRANSCRIPT_MESSAGES);
      if (!rows.some((r) => r.role === 'assistant')) throw badRequest(ORDER_MSG.noSummaryYet);
      const now = d.now();
      const day = chinaDay(now);
      if ((await d.repo.dayTokens(user.id, day)) >= d.config.bounds.dailyTokensPerUser) throw tooMany(CHAT_MSG.dailyQuota);
      if (!(await d.repo.reserveSummary(deep.id, DEEP_SUMMARY_MAX, now))) throw conflict(ORDER_MSG.summaryLimit);
      const resolved = await d.resolvePersona(deep.serviceType);
      const title = resolved?.title ?? deep.title;
      const transcript = transcriptText(rows);
      let answer: { text: string; usage: LlmUsage | null };
      try {
        answer = await ask(title, deep.serviceType, transcript);
        if (!answer.text) throw new Error('empty summary');
      } catch (err) {
        await d.repo.releaseSummary(deep.id);
        d.log.warn({ err: err instanceof Error ? err.message : String(err), session: sessionId }, 'deep summary failed');
        throw new AppError(502, '深度总结生成失败，请稍后重试', 'SUMMARY_FAILED');
      }
      const tokens = answer.usage
        ? answer.usage.promptTokens + answer.usage.completionTokens
        : countTokens(d.tokenizer, transcript) + countTokens(d.tokenizer, answer.text);
      await d.repo.charge(user.id, day, tokens);
      const saved = await d.repo.saveSummary(deep.id, answer.text, d.now());
      return {
        summary: answer.text,
        summary_at: (saved?.summaryAt ?? d.now()).toISOString(),
        summaries_left: Math.max(0, DEEP_SUMMARY_MAX - (saved?.summariesMade ?? DEEP_SUMMARY_MAX)),
      };
    },
  };
}
export type DeepSummaries = ReturnType<typeof createDeepSummaries>;
