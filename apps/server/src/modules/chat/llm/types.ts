/** One interface for every language-model backend: the OpenAI-compatible adapter and the built-in offline one. */

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
}

export type LlmEvent =
  | { type: 'delta'; text: string }
  /** Progress that is not answer text (reasoning, role-only chunks): it proves the upstream is alive. */
  | { type: 'progress' }
  | { type: 'usage'; usage: LlmUsage }
  | { type: 'model'; model: string };

export interface LlmRequest {
  messages: LlmMessage[];
  maxTokens: number;
  temperature: number;
  /** Aborting it must cancel the upstream HTTP request. */
  signal: AbortSignal;
  /** Lets the offline adapter answer in the persona's voice; real models read the system prompt instead. */
  persona: {
    key: string;
    title: string;
    focus: readonly string[];
    crisis: boolean;
    /**
     * 'follow_ups': a few short questions the user could ask next, one per line; 'title': a short name for the
     * conversation (issue #16); 'memory': the durable facts of a conversation as a JSON array (ADR 025).
     */
    mode?: 'chat' | 'deep' | 'summary' | 'follow_ups' | 'title' | 'memory';
    /** The persona's suggested questions: what the offline adapter offers as follow-ups. */
    suggestions?: readonly string[];
  };
}

export interface LlmProvider {
  readonly provider: 'offline' | 'openai';
  readonly model: string;
  /**
   * Streams one reply, handing each event to `onEvent` as it arrives (synchronously, in order); resolves when the
   * reply is complete and rejects when it fails or `req.signal` aborts. A push API: an async iterator per chunk cost
   * the relay several promise turns per chunk, at a thousand concurrent streams (docs/benchmarks.md).
   */
  stream(req: LlmRequest, onEvent: (event: LlmEvent) => void): Promise<void>;
}
