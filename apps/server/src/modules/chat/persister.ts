/**
 * Writes a growing reply at most once per interval, one write at a time, so a refresh mid-stream shows what has
 * arrived without a database write per token. `finish` waits for the write in flight, then writes the final state.
 */
export function createThrottledWriter(write: (content: string) => Promise<void>, intervalMs: number, onError: (err: unknown) => void) {
  let latest = '';
  let written = '';
  // The first write waits one interval too: a burst of new replies should not all hit the database at once.
  let lastAt = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let inflight: Promise<void> | null = null;
  let finished = false;

  const flush = () => {
    timer = null;
    if (finished || inflight || latest === written) return;
    const content = latest;
    lastAt = Date.now();
    inflight = write(content)
      .then(() => void (written = content), onError)
      .finally(() => {
        inflight = null;
        if (!finished && latest !== written) schedule();
      });
  };
  const schedule = () => {
    if (timer || inflight || finished) return;
    timer = setTimeout(flush, Math.max(0, lastAt + intervalMs - Date.now()));
  };

  return {
    update(content: string) {
      latest = content;
      schedule();
    },
    async finish(final: () => Promise<void>) {
      finished = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (inflight) await inflight;
      await final();
    },
  };
}
