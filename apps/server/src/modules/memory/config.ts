import { z } from 'zod';

const ms = (def: number, min = 1) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(30 * 86_400_000)
    .default(def);

/** Long-term memory and private chat (issue #16, ADR 025); merged into the one config parse in src/config.ts. */
export const memoryEnv = z.object({
  /** Facts kept per user; the oldest go first when a new one arrives. */
  MEMORY_MAX_ITEMS: z.coerce.number().int().min(1).max(1000).default(50),
  /** Tokens of memory at most added to a persona's context (within LLM_CONTEXT_TOKENS). */
  MEMORY_CONTEXT_TOKENS: z.coerce.number().int().min(16).max(8000).default(400),
  /** A chat quiet for this long has settled: the memory job reads it. */
  MEMORY_IDLE_MS: ms(10 * 60_000),
  /** How often the background job looks for settled chats and expired private chats. */
  MEMORY_SWEEP_MS: ms(60_000, 20),
  /** A private chat (无痕对话) left idle this long is deleted even if the browser never said goodbye. */
  PRIVATE_CHAT_IDLE_MS: ms(2 * 3_600_000, 1000),
});

export function memoryConfig(e: z.infer<typeof memoryEnv>) {
  return {
    maxItems: e.MEMORY_MAX_ITEMS,
    contextTokens: e.MEMORY_CONTEXT_TOKENS,
    idleMs: e.MEMORY_IDLE_MS,
    sweepMs: e.MEMORY_SWEEP_MS,
    privateIdleMs: e.PRIVATE_CHAT_IDLE_MS,
  } as const;
}
export type MemoryConfig = ReturnType<typeof memoryConfig>;
