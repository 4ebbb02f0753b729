import { MEMORY_ITEM_MAX } from '@lingxi/shared';

/**
 * The explicit request: a question that starts with 记住 / 请记住 / 帮我记住 (and a separator) asks to keep the rest.
 * It is stored whatever the model (ADR 025), so it needs no model to be understood.
 */
const EXPLICIT = /^\s*(?:请你?|麻烦你?|你要|帮我)?\s*(?:帮我)?记住(?:我说的)?\s*[:：,，、]?\s*([\s\S]+)$/;

export function explicitFact(question: string): string | null {
  const m = EXPLICIT.exec(question);
  if (!m?.[1]) return null;
  const fact = tidy(m[1].replace(/^(?:这件事|这个|一下|以下)\s*[:：,，]?\s*/, ''));
  return fact.length >= 2 ? fact : null;
}

/** One line, no surrounding quotes or full stop, at most MEMORY_ITEM_MAX characters (code points). */
export function tidy(text: string): string {
  const line = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["“‘'「]+|["”’'」]+$/g, '')
    .replace(/[。.!！]+$/, '')
    .trim();
  const chars = Array.from(line);
  return chars.length > MEMORY_ITEM_MAX ? chars.slice(0, MEMORY_ITEM_MAX).join('') : line;
}

/** At most this many facts are kept from one reading of a chat. */
export const FACTS_PER_SESSION = 5;

export const EXTRACT_INSTRUCTION = [
  '你是「长期记忆整理」助手。下面是用户在一段对话里说过的话。',
  '请提炼出值得长期记住的、关于用户本人的稳定事实：希望被怎样称呼、目标、担忧、重要的人、偏好与习惯。',
  '不要记录一次性的问题、模型的回答、猜测，也不要记录身份证号、手机号、住址、银行卡等敏感信息。',
  `只输出一个 JSON 字符串数组，最多 ${FACTS_PER_SESSION} 条，每条不超过 40 个字，用第三人称“用户…”书写；没有值得记住的就输出 []。`,
].join('\n');

/** What the model answered, read leniently: the first JSON array of strings in it (a code fence around it is fine). */
export function parseFacts(answer: string): string[] {
  const start = answer.indexOf('[');
  const end = answer.lastIndexOf(']');
  if (start < 0 || end <= start) return [];
  let list: unknown;
  try {
    list = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const fact = tidy(item);
    if (fact.length >= 2 && !out.includes(fact)) out.push(fact);
    if (out.length >= FACTS_PER_SESSION) break;
  }
  return out;
}
