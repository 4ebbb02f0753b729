import { describe, expect, it } from 'vitest';
import { remainingAfter } from './deep';

const reply = (status: string, o: { content?: string; written?: boolean } = {}) => ({
  status,
  content: o.content ?? '一段完整的深度回复',
  written: o.written ?? true,
});

describe('counting deep replies', () => {
  it('counts a reply that completed with text', () => {
    expect(remainingAfter(20, reply('done'))).toBe(19);
    expect(remainingAfter(1, reply('done'))).toBe(0);
  });

  it('does not count a reply that failed, timed out, was stopped or blocked, came back empty, or lost its row', () => {
    for (const status of ['error', 'aborted', 'blocked']) expect(remainingAfter(5, reply(status)), status).toBe(5);
    expect(remainingAfter(5, reply('done', { content: '' }))).toBe(5);
    // Taken over (regenerated after its process died) or deleted: the final write found no row to complete.
    expect(remainingAfter(5, reply('done', { written: false }))).toBe(5);
  });

  it('never goes below zero', () => {
    expect(remainingAfter(0, reply('done'))).toBe(0);
  });
});
