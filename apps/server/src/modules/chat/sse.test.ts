import { describe, expect, it } from 'vitest';
import { frame } from './sse';

describe('SSE framing', () => {
  it('gives every line of a multi-line chunk its own data: line and ends the event with a blank line', () => {
    expect(frame('第一行\n\n  缩进的第三行')).toBe('data: 第一行\ndata: \ndata:   缩进的第三行\n\n');
  });
  it('frames a one-line chunk as one data: line, keeping a leading space', () => {
    expect(frame(' 一行')).toBe('data:  一行\n\n');
  });
  it('names an event and keeps JSON on one line', () => {
    expect(frame(JSON.stringify({ content: 'a\nb' }), 'final')).toBe('event: final\ndata: {"content":"a\\nb"}\n\n');
  });
});
