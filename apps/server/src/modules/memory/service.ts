import { MEMORY_MSG, MEMORY_SENSITIVE_CONSENT_VERSION, SAFETY_MSG, type MemoryItem, type MemorySettings } from '@lingxi/shared';
import type { SqlCall } from '../../db/together';
import { badRequest, notFound } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { countTokens, type TokenCounter, type TurnMemory } from '../chat';
import type { ConsentService } from '../consent';
import type { ModerationService } from '../moderation';
import type { MemoryConfig } from './config';
import { explicitFact, tidy } from './facts';
import type { FactsForTurn, MemoryRepository, MemoryRow, MemorySwitches } from './repository';

/** The persona kind whose memory is sensitive personal information (psychology, emotional companions). */
export const SENSITIVE_KIND = 'wellbeing';

export const memoryAllowed = (s: Pick<MemorySwitches, 'enabled' | 'sensitiveEnabled'>, kind: string) =>
  s.enabled && (kind !== SENSITIVE_KIND || s.sensitiveEnabled);

/**
 * Which facts a persona of `kind` is told: those that came from a persona of the same kind, and the ones the user
 * asked to keep or wrote themselves — except that wellbeing facts never leave the wellbeing personas.
 */
export const fitsPersona = (item: { category: string; source: string }, kind: string) =>
  item.category === kind || (item.category !== SENSITIVE_KIND && item.source !== 'extracted');

const MEMORY_HEADER =
  '以下是用户允许你参考的长期记忆（来自以往的对话，可能不完整或已过时）。只在与当前话题相关时自然地使用，不要逐条复述，也不要编造记忆之外的经历：';

const toItem = (r: MemoryRow): MemoryItem => ({
  id: r.id,
  content: r.content,
  source: r.source as MemoryItem['source'],
  category: r.category,
  created_at: r.createdAt.toISOString(),
});

/** The memory a persona of `kind` is told this turn. */
function memoryBlock(facts: FactsForTurn, kind: string, tokenizer: TokenCounter, budget: number): TurnMemory {
  const allowed = !facts.isPrivate && memoryAllowed(facts, kind);
  if (!allowed) return { allowed, text: null };
  const lines: string[] = [];
  let used = countTokens(tokenizer, MEMORY_HEADER);
  for (const item of facts.items) {
    if (!fitsPersona(item, kind)) continue;
    const line = `- ${item.content}`;
    const cost = countTokens(tokenizer, line) + 1;
    if (used + cost > budget) break;
    used += cost;
    lines.push(line);
  }
  return { allowed, text: lines.length ? [MEMORY_HEADER, ...lines].join('\n') : null };
}

/** Long-term memory the user controls (issue #16, ADR 025): the list, the switches, and what a chat turn reads. */
export function createMemoryService(d: {
  repo: MemoryRepository;
  consent: ConsentService;
  moderation: ModerationService;
  tokenizer: TokenCounter;
  config: MemoryConfig;
  now: () => Date;
}) {
  const settingsOf = (s: MemorySwitches): MemorySettings => ({
    enabled: s.enabled,
    sensitive_enabled: s.sensitiveEnabled,
    sensitive_consent_at: s.sensitiveConsentAt?.toISOString() ?? null,
    max_items: d.config.maxItems,
  });

  return {
    async list(userId: string): Promise<MemoryItem[]> {
      return (await d.repo.list(userId, d.config.maxItems)).map(toItem);
    },

    async edit(userId: string, id: string, content: string): Promise<MemoryItem> {
      const fact = tidy(content);
      if (!fact) throw badRequest(MEMORY_MSG.contentRequired);
      await d.moderation.assertClean(fact, { scene: 'question', userId }, SAFETY_MSG.contentBlocked);
      const row = await d.repo.edit(id, userId, fact, d.now());
      if (!row) throw notFound(MEMORY_MSG.notFound);
      return toItem(row);
    },

    async remove(userId: string, id: string) {
      const deleted = await d.repo.remove(id, userId);
      if (!deleted) throw notFound(MEMORY_MSG.notFound);
      return { deleted };
    },

    async removeAll(userId: string) {
      return { deleted: await d.repo.removeAll(userId) };
    },

    async settings(userId: string): Promise<MemorySettings> {
      return settingsOf(await d.repo.switches(userId));
    },

    /** Switching wellbeing memory on needs its own consent, recorded as evidence (PIPL Art. 29). */
    async updateSettings(
      userId: string,
      body: { enabled?: boolean; sensitive_enabled?: boolean; consent?: boolean },
      meta: RequestMeta,
    ): Promise<MemorySettings> {
      const now = d.now();
      const cur = await d.repo.switches(userId);
      const next: MemorySwitches = { ...cur };
      if (body.enabled !== undefined) next.enabled = body.enabled;
      if (body.sensitive_enabled === true && !cur.sensitiveEnabled) {
        if (body.consent !== true) throw badRequest(MEMORY_MSG.consentRequired, 'CONSENT_REQUIRED');
        await d.consent.record({ scene: 'memory_sensitive', policyVersion: MEMORY_SENSITIVE_CONSENT_VERSION, userId }, meta);
        next.sensitiveEnabled = true;
        next.sensitiveConsentAt = now;
      } else if (body.sensitive_enabled === false) {
        next.sensitiveEnabled = false;
        next.sensitiveConsentAt = null;
      }
      await d.repo.saveSwitches(userId, next, now);
      return settingsOf(next);
    },

    /**
     * A turn's memory as one part of its first round trip (db/together.ts); its value gives, for the persona's kind,
     * whether memory may be used and the block for the prompt: the facts that fit the persona, newest first, within
     * the memory's token budget.
     */
    turnMemory(userId: string, sessionId: string): SqlCall<(kind: string) => TurnMemory> {
      const call = d.repo.forTurnCall(userId, sessionId, d.config.maxItems);
      return { ...call, read: (rows) => (kind) => memoryBlock(call.read(rows), kind, d.tokenizer, d.config.contextTokens) };
    },

    /**
     * 记住… is kept at once, whatever the model. The question was moderated before it got here, so the fact (a
     * part of it) needs no second check. Returns the stored fact, or null when the question asked for none.
     */
    async rememberExplicit(userId: string, sessionId: string, kind: string, question: string): Promise<string | null> {
      const fact = explicitFact(question);
      if (!fact) return null;
      await d.repo.add(userId, [{ content: fact, category: kind, source: 'explicit', sessionId }], d.config.maxItems, d.now());
      return fact;
    },
  };
}
export type MemoryService = ReturnType<typeof createMemoryService>;
