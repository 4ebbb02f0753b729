import type { LlmMessage } from '../llm';
import { compactBpe, type TokenCounter } from './bpe';

export type { TokenCounter } from './bpe';

/**
 * Token counts with a real BPE tokenizer (o200k_base; the ranks ship inside js-tiktoken, no network). It is not the
 * upstream model's own tokenizer, so counts are estimates — used for trimming history to a budget and, when the
 * provider reports no usage, stored with tokens_estimated = true.
 */
let loading: Promise<TokenCounter> | null = null;

/** Loads the ranks once per process (~0.1 s, ~6 MB); the chat module calls it at start so no turn waits for it. */
export function loadTokenizer(): Promise<TokenCounter> {
  loading ??= import('js-tiktoken/ranks/o200k_base').then((m) => compactBpe(m.default));
  return loading;
}

// Persona prompts and history messages are counted again on every turn; remembering recent counts keeps the
// tokenizer off the hot path. Keys are the strings themselves.
const memo = new Map<string, number>();
const MEMO_MAX = 2000;
const MEMO_MIN_LENGTH = 64;

export function countTokens(enc: TokenCounter, text: string): number {
  if (text.length < MEMO_MIN_LENGTH) return enc.count(text);
  const hit = memo.get(text);
  if (hit !== undefined) return hit;
  const n = enc.count(text);
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value as string);
  memo.set(text, n);
  return n;
}

/** Per-message framing the chat formats add (role markers), as in OpenAI's counting guide. */
const PER_MESSAGE = 4;
const PER_REPLY = 2;

export const messageTokens = (enc: TokenCounter, m: LlmMessage) => countTokens(enc, m.content) + PER_MESSAGE;

/**
 * The conversation sent upstream: the system context, then as much recent history as fits the budget (whole turns,
 * newest first), then the current question, which is always sent.
 */
export function fitToBudget(enc: TokenCounter, system: string, history: LlmMessage[], current: LlmMessage, budget: number) {
  const systemMsg: LlmMessage = { role: 'system', content: system };
  let used = messageTokens(enc, systemMsg) + messageTokens(enc, current) + PER_REPLY;
  const kept: LlmMessage[] = [];
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const m = history[i] as LlmMessage;
    const cost = messageTokens(enc, m);
    if (used + cost > budget) break;
    used += cost;
    kept.unshift(m);
  }
  // A history that starts with an assistant turn reads as if the model spoke first; drop that orphan.
  for (let first = kept[0]; first?.role === 'assistant'; first = kept[0]) {
    used -= messageTokens(enc, first);
    kept.shift();
  }
  return { messages: [systemMsg, ...kept, current], promptTokens: used, dropped: history.length - kept.length };
}
