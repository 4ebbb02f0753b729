import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { ModerationService } from '../moderation';
import { createFollowUps, parseFollowUps } from './follow-ups';
import type { LlmProvider, LlmRequest } from './llm';
import { createOfflineProvider } from './llm/offline';
import { findPersona } from './personas';
import type { Turn } from './turn/types';

const log = { info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
const bazi = findPersona('bazi');
if (!bazi) throw new Error('the bazi persona is built in');
const persona = bazi;
const turn = (question: string) =>
  ({
    userId: 'u',
    sessionId: 's',
    persona,
    title: persona.title,
    crisis: false,
    messages: [{ role: 'user', content: question }],
  }) as unknown as Turn;
/** A moderation that refuses any text with the word 违禁 in it. */
const moderation = {
  check: vi.fn(async (text: string) => (text.includes('违禁') ? { category: 'test', provider: 'local' } : null)),
} as unknown as ModerationService;
const modelSaying = (text: string, seen?: (r: LlmRequest) => void): LlmProvider => ({
  provider: 'openai',
  model: 'm',
  async stream(req, onEvent) {
    seen?.(req);
    onEvent({ type: 'delta', text });
  },
});

describe('follow-up chips', () => {
  it('takes up to three short lines, numbering and bullets dropped, never the question just asked or a repeat', () => {
    expect(parseFollowUps('1. 怎么开始？\n- 要注意什么？\n\n（3）怎么开始？\n我想学做饭\n“有例子吗？”\n第五个', '我想学做饭')).toEqual([
      '怎么开始？',
      '要注意什么？',
      '有例子吗？',
    ]);
    expect(parseFollowUps(`${'很长的一句'.repeat(10)}\n短问题？`, '')).toEqual(['短问题？']);
  });

  it('asks the model a small second question and drops a chip moderation refuses', async () => {
    let asked: LlmRequest | undefined;
    const followUps = createFollowUps({
      llm: modelSaying('可以违禁吗？\n下一步做什么？', (r) => (asked = r)),
      moderation,
      timeoutMs: 1000,
      log,
    });
    expect(await followUps(turn('你好'), '回复')).toEqual(['下一步做什么？']);
    expect(asked?.maxTokens).toBeLessThanOrEqual(120);
    expect(asked?.persona.mode).toBe('follow_ups');
  });

  it('offline, offers the persona’s own suggested questions not yet asked', async () => {
    const followUps = createFollowUps({ llm: createOfflineProvider({ chunkDelayMs: 1000 }), moderation, timeoutMs: 500, log });
    const chips = await followUps(turn(persona.suggestedQuestions[1] ?? ''), '回复');
    expect(chips).toHaveLength(3);
    expect(chips).not.toContain(persona.suggestedQuestions[1]);
    for (const c of chips) expect(persona.suggestedQuestions).toContain(c);
  });

  it('gives no chips when the model fails or is too slow', async () => {
    const slow: LlmProvider = {
      provider: 'openai',
      model: 'm',
      stream: (req) => new Promise((_, no) => req.signal.addEventListener('abort', () => no(req.signal.reason))),
    };
    expect(await createFollowUps({ llm: slow, moderation, timeoutMs: 20, log })(turn('你好'), '回复')).toEqual([]);
  });
});
