import type { FastifyBaseLogger } from 'fastify';
import type { ModerationService } from '../moderation';
import type { LlmProvider } from './llm';
import type { Turn } from './turn/types';

const TITLE_MAX_CHARS = 16;
const TITLE_ASK = '请为这段对话起一个简短的中文标题。';
const PROMPT = `你为对话起标题。根据用户的问题和回答，给出一个不超过 ${TITLE_MAX_CHARS} 个字的中文标题，概括用户关心的事。只输出标题本身，不要引号、书名号、句号或解释。`;

/** The model's answer as a title: its first line, quotes and end punctuation dropped, at most 16 characters. */
export function parseTitle(text: string): string | null {
  const line = (text.split(/\r?\n/).find((l) => l.trim()) ?? '')
    .replace(/^(标题|题目)[:：]\s*/, '')
    .replace(/^[\s"'“”‘’《「【]+|[\s"'“”‘’》」】。.!！?？]+$/g, '')
    .trim();
  if (!line) return null;
  return Array.from(line).slice(0, TITLE_MAX_CHARS).join('');
}

/**
 * A short title for a new conversation from the configured model (issue #16), asked once after its first reply; the
 * offline adapter gives no title, so without a model the first question's name stays. Moderated like a
 * name the user typed; a failure or timeout keeps the name the question gave.
 */
export function createSessionTitles(d: { llm: LlmProvider; moderation: ModerationService; timeoutMs: number; log: FastifyBaseLogger }) {
  return async function title(turn: Turn, reply: string): Promise<string | null> {
    const question = [...turn.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    let text = '';
    try {
      await d.llm.stream(
        {
          messages: [
            { role: 'system', content: PROMPT },
            { role: 'user', content: question },
            { role: 'assistant', content: Array.from(reply).slice(0, 600).join('') },
            { role: 'user', content: TITLE_ASK },
          ],
          maxTokens: 40,
          temperature: 0.3,
          signal: AbortSignal.timeout(d.timeoutMs),
          persona: { key: turn.persona.key, title: turn.title, focus: turn.persona.focus, crisis: turn.crisis, mode: 'title' },
        },
        (ev) => {
          if (ev.type === 'delta') text += ev.text;
        },
      );
    } catch (err) {
      d.log.info({ err: (err as Error)?.name, session: turn.sessionId }, 'chat: no model title');
      return null;
    }
    const name = parseTitle(text);
    if (!name || (await d.moderation.check(name, { scene: 'session_name', userId: turn.userId, sessionId: turn.sessionId }))) return null;
    return name;
  };
}
export type SessionTitles = ReturnType<typeof createSessionTitles>;
