import { groundingText } from '../bazi-context';
import type { LlmMessage } from '../llm';
import { buildDeepSystemPrompt, buildSystemPrompt, CRISIS_INSTRUCTION, type Persona } from '../personas';
import { fitToBudget, type TokenCounter } from '../tokens';
import type { HistoryRow, TurnRepository } from '../turn-repository';

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
}

export interface TurnContext {
  messages: LlmMessage[];
  promptTokens: number;
  /** Grounding text stored with the question (content_rag). */
  grounding: string | null;
}

/**
 * What the model is sent: the persona's prompt with any grounding (the user's chart for the fortune personas; a
 * long-term memory would join here), then as much recent history as fits LLM_CONTEXT_TOKENS, then the question.
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
    const prompt = i.deep ? buildDeepSystemPrompt(i.persona) : buildSystemPrompt(i.persona);
    // The bare prompt is the same string every turn, so its token count is a memo hit; only additions make a new one.
    const system = ground || i.crisis ? [prompt, ground, i.crisis ? CRISIS_INSTRUCTION : null].filter(Boolean).join('\n\n') : prompt;
    const past: LlmMessage[] = [];
    for (const m of i.history) {
      if ((m.role === 'user' || m.role === 'assistant') && m.content.trim()) past.push({ role: m.role, content: m.content });
    }
    const budget = i.deep ? d.deepContextTokens : d.contextTokens;
    const fit = fitToBudget(d.tokenizer, system, past, { role: 'user', content: i.query }, budget);
    return { messages: fit.messages, promptTokens: fit.promptTokens, grounding: ground };
  };
}
export type ContextBuilder = ReturnType<typeof createContextBuilder>;
