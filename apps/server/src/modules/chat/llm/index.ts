import type { ChatConfig } from '../config';
import { createOfflineProvider } from './offline';
import { createOpenAiProvider } from './openai';
import type { LlmProvider } from './types';

/** Chosen by configuration only (LLM_PROVIDER, LLM_API_KEY); business code never asks which one it got. */
export function createLlmProvider(c: ChatConfig): LlmProvider {
  if (c.provider === 'openai') return createOpenAiProvider({ ...c.openai, timeoutMs: c.maxDurationMs + 10_000 });
  return createOfflineProvider({ chunkDelayMs: c.offlineChunkDelayMs });
}

export type { LlmEvent, LlmMessage, LlmProvider, LlmRequest, LlmUsage } from './types';
