/** bench:chat's readers: the server's SSE answer and the upstream's own framing, noting each chunk's delay. */
import { createSseParser } from '../../apps/web/src/features/chat/lib/sse-parser';

const now = () => performance.timeOrigin + performance.now();
/** Every upstream chunk carries its send time, ⟦ms since epoch⟧. */
const STAMP = /⟦([\d.]+)⟧/g;

export interface StreamStats {
  latencies: number[];
  chunks: number;
  ok: boolean;
}

async function pump(res: Response, parser: { push(s: string): void; end(): void }) {
  const decoder = new TextDecoder();
  const body = res.body;
  if (!body) return;
  const reader = body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.push(decoder.decode(value, { stream: true }));
  }
  parser.end();
}

/** The server's stream: text chunks as `data:` events, then `final` (or `error`). */
export async function readStream(res: Response, expected: number, lat: number[], onFirst?: () => void): Promise<StreamStats> {
  let chunks = 0;
  let final = false;
  let failed = false;
  await pump(
    res,
    createSseParser((e) => {
      if (e.event === 'message') {
        const t = now();
        if (chunks === 0) onFirst?.();
        for (const m of e.data.matchAll(STAMP)) {
          lat.push(t - Number(m[1]));
          chunks += 1;
        }
      } else if (e.event === 'final') final = true;
      else if (e.event === 'error') failed = true;
    }),
  );
  return { latencies: lat, chunks, ok: final && !failed && chunks === expected };
}

/** The upstream's own framing, read directly: `data: {json}` chunks and [DONE]. */
export async function readDirect(res: Response, expected: number, lat: number[], onFirst?: () => void): Promise<StreamStats> {
  let chunks = 0;
  let done = false;
  await pump(
    res,
    createSseParser((e) => {
      if (e.data === '[DONE]') return void (done = true);
      const t = now();
      const content = (JSON.parse(e.data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content ?? '';
      if (content && chunks === 0) onFirst?.();
      for (const m of content.matchAll(STAMP)) {
        lat.push(t - Number(m[1]));
        chunks += 1;
      }
    }),
  );
  return { latencies: lat, chunks, ok: done && chunks === expected };
}
