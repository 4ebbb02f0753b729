import type { ServerResponse } from 'node:http';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: compressing proxies must not buffer the stream.
  'cache-control': 'no-cache, no-transform',
  // nginx: do not buffer this response (proxy_buffering off for this request only).
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
} as const;

/**
 * Frames one SSE field block. Every line of a multi-line chunk gets its own `data:` line (the client joins them with
 * '\n'), and the one space after the colon is always written, so a line that itself starts with a space survives.
 */
export function frame(data: string, event?: string): string {
  // Most chunks are one line: no split, no array.
  if (!event && !/[\r\n]/.test(data)) return `data: ${data}\n\n`;
  const lines = data.split(/\r\n|\r|\n/);
  return `${event ? `event: ${event}\n` : ''}${lines.map((l) => `data: ${l}\n`).join('')}\n`;
}

/** A small SSE writer on a hijacked response: text chunks, named events, and a `: ping` comment heartbeat. */
export function openSse(res: ServerResponse, heartbeatMs: number) {
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  const write = (s: string) => {
    if (!res.writableEnded && !res.destroyed) res.write(s);
  };
  const ping = setInterval(() => write(': ping\n\n'), heartbeatMs);
  ping.unref();
  res.on('close', () => clearInterval(ping));
  return {
    text: (chunk: string) => chunk && write(frame(chunk)),
    event: (name: string, payload: unknown) => write(frame(JSON.stringify(payload), name)),
    end() {
      clearInterval(ping);
      if (!res.writableEnded) res.end();
    },
  };
}
