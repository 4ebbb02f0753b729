import { groundingText } from '../bazi-context';
import type { LlmMessage } from '../llm';
import { buildDeepSystemPrompt, buildSystemPrompt, CRISIS_INSTRUCTION, type Persona } from '../personas';
import { fitToBudget, type TokenCounter } from '../tokens';
import type { HistoryRow, TurnRepository } from '../turn-repository';

/** Long-term memory as a turn sees it (modules/memory): whether it may be used, and its block for the prompt. */
export interface TurnMemory {
  /** The session may read and write memory (not private, memory on for this persona's kind). */
  allowed: boolean;
  /** The memory block for the system prompt, or null when nothing fits. */
  text: string | null;
}

export interface ContextInput {
  userId: string;
  /** The session the turn belongs to; its grounding (a chart, a year or month of it, a 合婚) is read by it. */
  sessionId?: string;
  persona: Persona;
  crisis: boolean;
  query: string;
  /** Earlier messages of the session, oldest first, without the question being answered. */
  history: HistoryRow[];
  now: Date;
  /** A deep reply: the persona's deep prompt, the whole chart for the fortune personas, the larger context budget. */
  deep: boolean;
  /** The user's memory for this persona, read in the turn's first round trip. */
  memory: TurnMemory;
}

export interface TurnContext {
  messages: LlmMessage[];
  promptTokens: number;
  /** Grounding text stored with the question (content_rag). */
  grounding: string | null;
  /** The session may use and keep memory (not private, memory on for the persona's kind). */
  memoryAllowed: boolean;
  /** The system prompt carries the user's memory. */
  memoryUsed: boolean;
}

/**
 * What the model is sent: the persona's prompt with any grounding (the user's chart for the fortune personas; a
 * the user's long-term memory that fits the persona, ADR 025), then as much recent history as fits LLM_CONTEXT_TOKENS, then the question.
 */
export function createContextBuilder(d: {
  turns: TurnRepository;
  tokenizer: TokenCounter;
  contextTokens: number;
  deepContextTokens: number;
}) {
  async function grounding(i: ContextInput): Promise<string | null> {
    // A deep reply of any fortune persona reads the whole chart; a free one only the summary, and only where grounded.
    const full = i.deep && i.persona.kind === 'fortune';
    if (!full && !i.persona.safety.groundedChart) return null;
    const row = await d.turns.grounding(i.sessionId ?? '', i.userId);
    return row ? groundingText(row, i.now, { full }) : null;
  }

  return async function buildContext(i: ContextInput): Promise<TurnContext> {
    const ground = await grounding(i);
    const { memory } = i;
    const prompt = i.deep ? buildDeepSystemPrompt(i.persona) : buildSystemPrompt(i.persona);
    // The bare prompt is the same string every turn, so its token count is a memo hit; only additions make a new one.
    const extra = [ground, memory.text, i.crisis ? CRISIS_INSTRUCTION : null].filter(Boolean);
    const system = extra.length ? [prompt, ...extra].join('\n\n') : prompt;
    const past: LlmMessage[] = [];
    for (const m of i.history) {
      if ((m.role === 'user' || m.role === 'assistant') && m.content.trim()) past.push({ role: m.role, content: m.content });
    }
    const budget = i.deep ? d.deepContextTokens : d.contextTokens;
    const fit = fitToBudget(d.tokenizer, system, past, { role: 'user', content: i.query }, budget);
    return {
      messages: fit.messages,
      promptTokens: fit.promptTokens,
      grounding: ground,
      memoryAllowed: memory.allowed,
      memoryUsed: !!memory.text,
    };
  };
}
export type ContextBuilder = ReturnType<typeof createContextBuilder>;
