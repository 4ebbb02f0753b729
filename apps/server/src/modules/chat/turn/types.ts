import type { ChatFinal, ChatStreamError } from '@lingxi/shared';
import type { LlmMessage, LlmUsage } from '../llm';
import type { Persona } from '../personas';

/**
 * Why a running reply was stopped; decides the stored status. 'lost': the row was deleted or taken over. 'blocked':
 * moderation refused what the model wrote.
 */
export type StopReason = 'client' | 'shutdown' | 'deleted' | 'timeout' | 'lost' | 'blocked';

/** A started turn: both rows are written and the reply is reserved for it (prepare's output, relay's input). */
export interface Turn {
  userId: string;
  sessionId: string;
  /** The reply's order number. */
  order: number;
  questionId: number;
  replyId: number;
  /** Fences this turn's writes of the reply row. */
  token: string;
  /** The reply row is an earlier answer's, started over (regenerate): what it carried (its chips) must be cleared. */
  regenerated: boolean;
  /** The user's day (Beijing time) its tokens are charged to. */
  day: string;
  persona: Persona;
  title: string;
  crisis: boolean;
  messages: LlmMessage[];
  /** Our own count of everything sent; the provider's usage replaces it when reported. */
  promptTokens: number;
  /** The reply budget: LLM_MAX_TOKENS, or CHAT_DEEP_MAX_TOKENS for a deep reply. */
  maxTokens: number;
  /** A deep reply (深度服务): the deep replies the session had left when it started. */
  deep: { left: number } | null;
  controller: AbortController;
  /** Long-term memory (ADR 025): the question, whether the turn may keep a 记住… from it, whether memory was sent. */
  memory: { question: string | null; allowed: boolean; used: boolean };
}

/** What the relay got from the model, and how it ended. */
export interface Relayed {
  content: string;
  model: string | undefined;
  usage: LlmUsage | null;
  status: 'done' | 'aborted' | 'error' | 'blocked';
  error: ChatStreamError | null;
}

export interface TurnResult {
  final: ChatFinal;
  error: ChatStreamError | null;
}
