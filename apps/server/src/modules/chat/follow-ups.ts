import type { FastifyBaseLogger } from 'fastify';
import type { ModerationService } from '../moderation';
import type { LlmMessage, LlmProvider } from './llm';
import type { Turn } from './turn/types';

export const FOLLOW_UPS_MAX = 3;
/** A chip is a short question: longer lines are not chips (the model wrote prose). */
const FOLLOW_UP_MAX_CHARS = 30;

const PROMPT =
  '你是对话助手的追问建议器。根据下面这轮对话，站在用户的角度，给出用户接下来最可能想问的 3 个简短问题。' +
  '要求：每行一个问题，每个不超过 20 个字，使用中文，不要编号，不要解释，不要输出其他内容。';

/** The model's lines as chips: bullets and numbering dropped, blank, long, repeated or already-asked lines left out. */
export function parseFollowUps(text: string, asked: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw
      .replace(/^\s*(?:[-*•·]|\d+[.、)）]|[（(]\d+[)）])\s*/, '')
      .replace(/^["“”']+|["“”']+$/g, '')
      .trim();
    const n = Array.from(line).length;
    if (!line || n > FOLLOW_UP_MAX_CHARS || line === asked.trim() || out.includes(line)) continue;
    out.push(line);
    if (out.length === FOLLOW_UPS_MAX) break;
  }
  return out;
}

/**
 * Follow-up chips (issue #16): a cheap second call to the same model after a completed reply, with a small budget and
 * its own short timeout (the offline adapter answers from the persona's suggested questions). Every chip passes
 * content moderation like a question would; a failure or a timeout only means no chips.
 */
export function createFollowUps(d: { llm: LlmProvider; moderation: ModerationService; timeoutMs: number; log: FastifyBaseLogger }) {
  return async function followUps(turn: Turn, reply: string): Promise<string[]> {
    const question = [...turn.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const messages: LlmMessage[] = [
      { role: 'system', content: PROMPT },
      ...turn.messages.filter((m) => m.role === 'user').slice(-3),
      { role: 'assistant', content: Array.from(reply).slice(0, 1500).join('') },
      { role: 'user', content: '请给出 3 个追问。' },
    ];
    const signal = AbortSignal.timeout(d.timeoutMs);
    let text = '';
    try {
      await d.llm.stream(
        {
          messages,
          maxTokens: 120,
          temperature: 0.7,
          signal,
          persona: {
            key: turn.persona.key,
            title: turn.title,
            focus: turn.persona.focus,
            crisis: turn.crisis,
            mode: 'follow_ups',
            suggestions: turn.persona.suggestedQuestions,
          },
        },
        (ev) => {
          if (ev.type === 'delta') text += ev.text;
        },
      );
    } catch (err) {
      d.log.info({ err: (err as Error)?.name, session: turn.sessionId }, 'chat: no follow-ups');
      return [];
    }
    const candidates = parseFollowUps(text, question);
    const checked = await Promise.all(
      candidates.map(async (q) =>
        (await d.moderation.check(q, { scene: 'answer', userId: turn.userId, sessionId: turn.sessionId })) ? null : q,
      ),
    );
    return checked.filter((q): q is string => q !== null);
  };
}
export type FollowUps = ReturnType<typeof createFollowUps>;
