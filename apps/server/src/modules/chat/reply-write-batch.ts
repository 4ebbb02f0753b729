export interface ReplyWrite {
  replyId: number;
  token: string;
  /** null: only the heartbeat (updated_at). */
  content: string | null;
}

/**
 * Gathers the interim writes of all replies streaming in this process for `windowMs` and sends them as one statement.
 * Each caller still gets its own answer: true while its turn owns the row. Interim writes only (what a refresh shows
 * mid-stream, and the heartbeat): a window of a few ms delays nothing the user sees, while a burst's ~1,000 writes a
 * second become a few dozen statements. A failed flush rejects every write in it; the writers log and go on.
 */
export function createReplyWriteBatch(o: { flush: (writes: ReplyWrite[]) => Promise<Set<number>>; windowMs: number; maxBatch?: number }) {
  const maxBatch = o.maxBatch ?? 500;
  let pending: { write: ReplyWrite; resolve: (owned: boolean) => void; reject: (err: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    if (!batch.length) return;
    o.flush(batch.map((p) => p.write)).then(
      (owned) => {
        for (const p of batch) p.resolve(owned.has(p.write.replyId));
      },
      (err: unknown) => {
        for (const p of batch) p.reject(err);
      },
    );
  };

  return (write: ReplyWrite): Promise<boolean> =>
    new Promise<boolean>((resolve, reject) => {
      pending.push({ write, resolve, reject });
      if (pending.length >= maxBatch) flush();
      else timer ??= setTimeout(flush, o.windowMs);
    });
}
