import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LlmEvent, LlmProvider, LlmRequest } from './types';
import { createSseDataParser } from './sse-data';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Hard ceiling for one request; the chat service's own first-byte and idle watchdogs act sooner. */
  timeoutMs: number;
}

/** An upstream answer that is not a stream: its HTTP status and the provider's own error text. */
export class UpstreamError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** How a request fails on a kept-alive connection the other end had already closed. */
const STALE_CODES = new Set(['ECONNRESET', 'EPIPE']);
class StaleConnectionError extends Error {
  constructor(readonly cause: Error) {
    super(cause.message);
  }
}

interface Chunk {
  model?: string;
  choices?: { delta?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/**
 * Any OpenAI-compatible chat API (DeepSeek, Qwen, Kimi, GLM, Ollama, vLLM …): POST /chat/completions with
 * `stream: true`, read as server-sent events over node:http with keep-alive connections. The official SDK did the same
 * through fetch and web streams at ~4× the CPU and memory per stream (ADR 016); there is nothing else we use it for.
 * Usage comes in the last chunk when the provider honours stream_options.include_usage; providers that ignore it
 * simply send none, and the service estimates instead. No retries once the answer has begun: a retried stream would
 * restart the reply the user is already reading. Before it has begun, one: see `open`.
 */
export function createOpenAiProvider(o: OpenAiOptions): LlmProvider {
  const url = new URL(`${o.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  const secure = url.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;

  /**
   * A kept-alive connection the provider closed as idle can be handed to a request in the instant it closes (the
   * agent's own expiry comes from the provider's Keep-Alive hint, and a busy event loop runs that timer late): the
   * request then fails with a reset before any answer. Node's documented remedy (`request.reusedSocket`) is to send it
   * again, which is safe here because nothing of the answer was read. Only that case, and only once.
   */
  async function open(req: LlmRequest): Promise<IncomingMessage> {
    const unwrap = (err: unknown) => (err instanceof StaleConnectionError ? err.cause : err);
    try {
      return await openOnce(req);
    } catch (err) {
      if (!(err instanceof StaleConnectionError) || req.signal.aborted) throw unwrap(err);
      return openOnce(req).catch((again: unknown) => Promise.reject(unwrap(again)));
    }
  }

  function openOnce(req: LlmRequest): Promise<IncomingMessage> {
    const body = JSON.stringify({
      model: o.model,
      messages: req.messages,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: req.maxTokens,
      temperature: req.temperature,
    });
    return new Promise((resolve, reject) => {
      const r = send(url, {
        method: 'POST',
        agent,
        signal: req.signal,
        timeout: o.timeoutMs,
        headers: {
          authorization: `Bearer ${o.apiKey}`,
          'content-type': 'application/json',
          accept: 'text/event-stream',
          'content-length': Buffer.byteLength(body),
        },
      });
      r.on('response', resolve);
      r.on('error', (err: NodeJS.ErrnoException) =>
        reject(r.reusedSocket && STALE_CODES.has(err.code ?? '') ? new StaleConnectionError(err) : err),
      );
      r.on('timeout', () => r.destroy(new Error('upstream request timed out')));
      r.end(body);
    });
  }

  return {
    provider: 'openai',
    model: o.model,
    async stream(req: LlmRequest, onEvent: (e: LlmEvent) => void): Promise<void> {
      const res = await open(req);
      if ((res.statusCode ?? 0) >= 300) throw new UpstreamError(res.statusCode ?? 0, await errorText(res));
      res.setEncoding('utf8');
      let modelSeen = false;
      let done = false;
      const parser = createSseDataParser((data) => {
        if (done) return;
        if (data === '[DONE]') return void (done = true);
        const chunk = JSON.parse(data) as Chunk;
        if (!modelSeen && chunk.model) {
          modelSeen = true;
          onEvent({ type: 'model', model: chunk.model });
        }
        const text = chunk.choices?.[0]?.delta?.content;
        // Role-only and reasoning chunks carry no answer text but prove the upstream is alive.
        onEvent(text ? { type: 'delta', text } : { type: 'progress' });
        const u = chunk.usage;
        if (u) onEvent({ type: 'usage', usage: { promptTokens: u.prompt_tokens ?? 0, completionTokens: u.completion_tokens ?? 0 } });
      });
      await new Promise<void>((resolve, reject) => {
        res.on('data', (piece: string) => {
          try {
            parser.push(piece);
          } catch (err) {
            res.destroy(err as Error);
          }
        });
        res.on('end', () => {
          parser.end();
          resolve();
        });
        res.on('error', reject);
        // A connection cut mid-answer ends the response without 'end'.
        res.on('close', () => (res.complete ? resolve() : reject(new Error('upstream connection closed mid-answer'))));
      });
    },
  };
}

async function errorText(res: IncomingMessage): Promise<string> {
  let raw = '';
  res.setEncoding('utf8');
  for await (const piece of res) if (raw.length < 4096) raw += piece;
  try {
    const parsed = JSON.parse(raw) as { error?: { message?: string } };
    return `${res.statusCode} ${parsed.error?.message ?? ''}`.trim();
  } catch {
    return `${res.statusCode} ${raw.slice(0, 200)}`.trim();
  }
}
