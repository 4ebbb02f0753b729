import OpenAI from 'openai';
import type { LlmEvent, LlmProvider, LlmRequest } from './types';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Hard ceiling for one request; the chat service's own first-byte and idle watchdogs act sooner. */
  timeoutMs: number;
}

/**
 * Any OpenAI-compatible chat API (DeepSeek, Qwen, Kimi, GLM, Ollama, vLLM …) through the official SDK.
 * Usage comes in the last chunk when the provider honours stream_options.include_usage; providers that ignore it
 * simply send none, and the service estimates instead.
 */
export function createOpenAiProvider(o: OpenAiOptions): LlmProvider {
  // No SDK retries: a retried stream would restart the reply the user is already reading.
  const client = new OpenAI({ apiKey: o.apiKey, baseURL: o.baseUrl, maxRetries: 0, timeout: o.timeoutMs });
  return {
    provider: 'openai',
    model: o.model,
    async *stream(req: LlmRequest): AsyncIterable<LlmEvent> {
      const stream = await client.chat.completions.create(
        {
          model: o.model,
          messages: req.messages,
          stream: true,
          stream_options: { include_usage: true },
          max_tokens: req.maxTokens,
          temperature: req.temperature,
        },
        { signal: req.signal },
      );
      let modelSeen = false;
      for await (const chunk of stream) {
        if (!modelSeen && chunk.model) {
          modelSeen = true;
          yield { type: 'model', model: chunk.model };
        }
        const delta = chunk.choices?.[0]?.delta as { content?: string | null; reasoning_content?: string | null } | undefined;
        if (delta?.content) yield { type: 'delta', text: delta.content };
        else yield { type: 'progress' };
        if (chunk.usage) {
          yield {
            type: 'usage',
            usage: { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 },
          };
        }
      }
    },
  };
}
