import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from '../lib/sse-parser';

function parse(chunks: string[]): SseEvent[] {
  const out: SseEvent[] = [];
  const p = createSseParser((e) => out.push(e));
  chunks.forEach((c) => p.push(c));
  p.end();
  return out;
}

describe('SSE parser', () => {
  it('joins multi-line data, keeps blank and indented lines, and names events', () => {
    const events = parse(['data: 第一行\ndata: \ndata:   缩进\n\n', 'event: final\ndata: {"content":"完整"}\n\n']);
    expect(events).toEqual([
      { event: 'message', data: '第一行\n\n  缩进' },
      { event: 'final', data: '{"content":"完整"}' },
    ]);
  });

  it('reassembles events split at any byte boundary, including between CR and LF', () => {
    const raw = 'data: 你好\r\n\r\n: ping\r\n\r\nevent: final\r\ndata: {"a":1}\r\n\r\n';
    for (let cut = 1; cut < raw.length; cut += 1) {
      expect(parse([raw.slice(0, cut), raw.slice(cut)]), `cut at ${cut}`).toEqual([
        { event: 'message', data: '你好' },
        { event: 'final', data: '{"a":1}' },
      ]);
    }
  });

  it('ignores comments (heartbeats) and delivers a last event without its blank line', () => {
    expect(parse([': ping\n\n', 'data:无空格\n', 'data: 末尾'])).toEqual([{ event: 'message', data: '无空格\n末尾' }]);
  });
});
