import { z } from 'zod';
import type { ProviderStatus } from '../../lib/production-check';

const ms = (def: number) => z.coerce.number().int().min(1).max(3_600_000).default(def);

/** Environment variables of the chat feature; merged into the one config parse in src/config.ts. */
export const chatEnv = z.object({
  /** offline = the built-in labelled demo replies; openai = any OpenAI-compatible API. Default: openai when a key is set. */
  LLM_PROVIDER: z.enum(['offline', 'openai']).optional(),
  LLM_BASE_URL: z.string().url().default('https://api.deepseek.com'),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('deepseek-chat'),
  LLM_MAX_TOKENS: z.coerce.number().int().min(16).max(32_000).default(2048),
  LLM_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.7),
  /** Budget for persona prompt + history + question; older turns are dropped first. */
  LLM_CONTEXT_TOKENS: z.coerce.number().int().min(256).max(1_000_000).default(8000),
  /** No first chunk within this time: the reply fails as a timeout. Queued providers may hold a request open a while. */
  LLM_FIRST_BYTE_TIMEOUT_MS: ms(60_000),
  /** No new chunk for this long after the first: the reply fails as a timeout. */
  LLM_IDLE_TIMEOUT_MS: ms(45_000),
  /** Spec §9: a reply never runs longer than 5 minutes. */
  LLM_MAX_DURATION_MS: ms(300_000),
  LLM_OFFLINE_CHUNK_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(60),
  CHAT_HEARTBEAT_MS: ms(15_000),
  /**
   * How often a growing reply is written to the database, so a refresh shows what has arrived: one write per live
   * reply per second (1,000 replies streaming are 1,000 writes a second).
   */
  CHAT_PERSIST_INTERVAL_MS: ms(1000),
  CHAT_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** A streaming reply not written for this long is treated as abandoned (its process died); writers beat 3× as often. */
  CHAT_STALE_REPLY_MS: z.coerce.number().int().min(3_000).max(600_000).default(30_000),
  /** Replies one user may have streaming at once, across every process and instance. */
  CHAT_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  /** Tokens (prompt + reply, as the provider counts them) one user may spend per day, Beijing time. */
  CHAT_DAILY_TOKENS_PER_USER: z.coerce.number().int().min(1).max(2_000_000_000).default(500_000),
  CHAT_MAX_MESSAGES_PER_SESSION: z.coerce.number().int().min(2).max(100_000).default(1_000),
  CHAT_MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /** POST /cache/save-message per user and minute. */
  CHAT_SAVE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** A deep reply (深度服务, paid): a larger reply budget than LLM_MAX_TOKENS… */
  CHAT_DEEP_MAX_TOKENS: z.coerce.number().int().min(16).max(32_000).default(4096),
  /** …and a larger context (prompt, full chart, history) than LLM_CONTEXT_TOKENS… */
  CHAT_DEEP_CONTEXT_TOKENS: z.coerce.number().int().min(256).max(1_000_000).default(24_000),
  /** …read from more of the session's history (messages) than a free reply's 80. */
  CHAT_DEEP_HISTORY_MESSAGES: z.coerce.number().int().min(2).max(2_000).default(240),
  /** Follow-up chips under each completed reply (issue #16): a second short model call ('on') or none ('off'). */
  CHAT_FOLLOW_UPS: z.enum(['on', 'off']).default('on'),
  /** A short model-made title for a conversation after its first reply (issue #16); offline keeps the question's name. */
  CHAT_MODEL_TITLES: z.enum(['on', 'off']).default('on'),
  /** The follow-up (and title) call's own deadline: past it the reply simply has no chips. */
  CHAT_FOLLOW_UP_TIMEOUT_MS: ms(8000),
});

/** The offline provider answers every question with the same labelled demo text. */
export function chatProviders(e: z.infer<typeof chatEnv>): ProviderStatus[] {
  const real = (e.LLM_PROVIDER ?? (e.LLM_API_KEY ? 'openai' : 'offline')) === 'openai';
  const missing = e.LLM_PROVIDER === 'offline' ? ['LLM_PROVIDER=openai', 'LLM_API_KEY'] : ['LLM_API_KEY'];
  return [{ label: 'AI 对话模型', real, missing: real ? [] : missing }];
}

export function chatConfig(e: z.infer<typeof chatEnv>) {
  const provider = e.LLM_PROVIDER ?? (e.LLM_API_KEY ? 'openai' : 'offline');
  return {
    provider,
    openai: {
      baseUrl: e.LLM_BASE_URL,
      // Local servers (Ollama, vLLM) take no key, but the SDK insists on one.
      apiKey: e.LLM_API_KEY || 'not-needed',
      model: e.LLM_MODEL,
    },
    maxTokens: e.LLM_MAX_TOKENS,
    temperature: e.LLM_TEMPERATURE,
    contextTokens: e.LLM_CONTEXT_TOKENS,
    firstByteTimeoutMs: e.LLM_FIRST_BYTE_TIMEOUT_MS,
    idleTimeoutMs: e.LLM_IDLE_TIMEOUT_MS,
    maxDurationMs: e.LLM_MAX_DURATION_MS,
    offlineChunkDelayMs: e.LLM_OFFLINE_CHUNK_DELAY_MS,
    heartbeatMs: e.CHAT_HEARTBEAT_MS,
    persistIntervalMs: e.CHAT_PERSIST_INTERVAL_MS,
    ratePerMinute: e.CHAT_RATE_PER_MINUTE,
    staleReplyMs: e.CHAT_STALE_REPLY_MS,
    savePerMinute: e.CHAT_SAVE_PER_MINUTE,
    deep: {
      maxTokens: e.CHAT_DEEP_MAX_TOKENS,
      contextTokens: e.CHAT_DEEP_CONTEXT_TOKENS,
      historyMessages: e.CHAT_DEEP_HISTORY_MESSAGES,
    },
    followUps: { enabled: e.CHAT_FOLLOW_UPS === 'on', timeoutMs: e.CHAT_FOLLOW_UP_TIMEOUT_MS },
    modelTitles: e.CHAT_MODEL_TITLES === 'on',
    bounds: {
      streamsPerUser: e.CHAT_MAX_STREAMS_PER_USER,
      dailyTokensPerUser: e.CHAT_DAILY_TOKENS_PER_USER,
      messagesPerSession: e.CHAT_MAX_MESSAGES_PER_SESSION,
      sessionsPerUser: e.CHAT_MAX_SESSIONS_PER_USER,
    },
  } as const;
}
export type ChatConfig = ReturnType<typeof chatConfig>;
