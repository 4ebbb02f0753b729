import { Tiktoken } from 'js-tiktoken/lite';
import type { LlmMessage } from './llm';

/**
 * Token counts with a real BPE tokenizer (o200k_base; the ranks ship inside js-tiktoken, no network). It is not the
 * upstream model's own tokenizer, so counts are estimates — used for trimming history to a budget and, when the
 * provider reports no usage, stored with tokens_estimated = true.
 */
let encoder: Tiktoken | null = null;
let loading: Promise<Tiktoken> | null = null;

export async function loadTokenizer(): Promise<Tiktoken> {
  if (encoder) return encoder;
  loading ??= import('js-tiktoken/ranks/o200k_base').then((m) => (encoder = new Tiktoken(m.default)));
  return loading;
}

// js-tiktoken's merge step is quadratic in the length of one pre-token, and a run of CJK text without spaces is a
// single pre-token: 10 000 identical characters took 44 s in one piece and 0.4 s in 128-character slices.
const SLICE = 128;

// Persona prompts and history messages are counted again on every turn; remembering recent counts keeps the
// tokenizer (the costliest step of preparing a turn) off the hot path. Keys are the strings themselves.
const memo = new Map<string, number>();
const MEMO_MAX = 2000;
const MEMO_MIN_LENGTH = 64;

export function countTokens(enc: Tiktoken, text: string): number {
  if (text.length < MEMO_MIN_LENGTH) return countRaw(enc, text);
  const hit = memo.get(text);
  if (hit !== undefined) return hit;
  const n = countRaw(enc, text);
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
  memo.set(text, n);
  return n;
}

function countRaw(enc: Tiktoken, text: string): number {
  let total = 0;
  for (let i = 0; i < text.length;) {
    let end = Math.min(text.length, i + SLICE);
    // Never cut a surrogate pair in half.
    if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end += 1;
    total += enc.encode(text.slice(i, end)).length;
    i = end;
  }
  return total;
}

/** Per-message framing the chat formats add (role markers), as in OpenAI's counting guide. */
const PER_MESSAGE = 4;
const PER_REPLY = 2;

export const messageTokens = (enc: Tiktoken, m: LlmMessage) => countTokens(enc, m.content) + PER_MESSAGE;

/**
 * The conversation sent upstream: the system context, then as much recent history as fits the budget (whole turns,
 * newest first), then the current question, which is always sent.
 */
export function fitToBudget(enc: Tiktoken, system: string, history: LlmMessage[], current: LlmMessage, budget: number) {
  const systemMsg: LlmMessage = { role: 'system', content: system };
  let used = messageTokens(enc, systemMsg) + messageTokens(enc, current) + PER_REPLY;
  const kept: LlmMessage[] = [];
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const m = history[i]!;
    const cost = messageTokens(enc, m);
    if (used + cost > budget) break;
    used += cost;
    kept.unshift(m);
  }
  // A history that starts with an assistant turn reads as if the model spoke first; drop that orphan.
  while (kept[0]?.role === 'assistant') {
    used -= messageTokens(enc, kept.shift()!);
  }
  return { messages: [systemMsg, ...kept, current], promptTokens: used, dropped: history.length - kept.length };
}
