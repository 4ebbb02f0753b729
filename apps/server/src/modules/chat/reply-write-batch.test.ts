import { describe, expect, it, vi } from 'vitest';
import { createReplyWriteBatch, type ReplyWrite } from './reply-write-batch';

describe('reply write batch', () => {
  it('sends the writes of one window as one flush and answers each writer for its own row', async () => {
    const flushes: ReplyWrite[][] = [];
    const write = createReplyWriteBatch({
      windowMs: 5,
      flush: async (writes) => {
        flushes.push(writes);
        return new Set([1, 3]);
      },
    });
    const answers = await Promise.all([
      write({ replyId: 1, token: 'a', content: '你好' }),
      write({ replyId: 2, token: 'b', content: '不再属于这一轮' }),
      write({ replyId: 3, token: 'c', content: null }),
    ]);
    expect(answers).toEqual([true, false, true]);
    expect(flushes).toEqual([
      [
        { replyId: 1, token: 'a', content: '你好' },
        { replyId: 2, token: 'b', content: '不再属于这一轮' },
        { replyId: 3, token: 'c', content: null },
      ],
    ]);
  });

  it('starts a new batch after a flush, and flushes at once when the batch is full', async () => {
    const flush = vi.fn(async (writes: ReplyWrite[]) => new Set(writes.map((w) => w.replyId)));
    const write = createReplyWriteBatch({ windowMs: 60_000, maxBatch: 2, flush });
    await Promise.all([write({ replyId: 1, token: 'a', content: 'x' }), write({ replyId: 2, token: 'b', content: 'y' })]);
    expect(flush).toHaveBeenCalledTimes(1);
    await Promise.all([write({ replyId: 3, token: 'c', content: 'z' }), write({ replyId: 4, token: 'd', content: 'w' })]);
    expect(flush).toHaveBeenCalledTimes(2);
    expect(flush.mock.calls[1]?.[0].map((w) => w.replyId)).toEqual([3, 4]);
  });

  it('rejects every write of a failed flush, and the next window works again', async () => {
    let fail = true;
    const write = createReplyWriteBatch({
      windowMs: 1,
      flush: async (writes) => {
        if (fail) throw new Error('connection lost');
        return new Set(writes.map((w) => w.replyId));
      },
    });
    const results = await Promise.allSettled([
      write({ replyId: 1, token: 'a', content: 'x' }),
      write({ replyId: 2, token: 'b', content: 'y' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(write({ replyId: 1, token: 'a', content: 'x' })).resolves.toBe(true);
  });
});
