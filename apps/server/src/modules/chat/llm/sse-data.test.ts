import { describe, expect, it } from 'vitest';
import { createSseDataParser } from './sse-data';

describe('upstream SSE data', () => {
  const parse = (pieces: string[]) => {
    const out: string[] = [];
    const p = createSseDataParser((d) => out.push(d));
    for (const piece of pieces) p.push(piece);
    p.end();
    return out;
  };

  it('hands on each event’s data, whatever the pieces the network cut it into', () => {
    const body = 'data: {"a":1}\n\n: keep-alive\n\ndata: {"b":2}\r\n\r\ndata: line one\ndata: line two\n\ndata: [DONE]\n\n';
    const whole = parse([body]);
    expect(whole).toEqual(['{"a":1}', '{"b":2}', 'line one\nline two', '[DONE]']);
    expect(parse(body.split(''))).toEqual(whole);
    expect(parse([body.slice(0, 7), body.slice(7, 30), body.slice(30)])).toEqual(whole);
  });

  it('keeps a space after "data:" beyond the first and ends an unterminated last event', () => {
    expect(parse(['data:  two spaces\n', 'event: x\n', 'data:tight'])).toEqual([' two spaces\ntight']);
  });
});
