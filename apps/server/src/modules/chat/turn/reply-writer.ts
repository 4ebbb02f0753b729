/**
 * Writes a growing reply at most once per interval, one write at a time, so a refresh mid-stream shows what has
 * arrived without a database write per token; and touches the row when nothing new arrived for `heartbeatMs`, so
 * any process can tell a live reply from one whose process died. Writes are fenced (the turn's token): one that
 * finds the row gone or taken over reports it through `onLost`, and nothing is written after that.
 * `finish` waits for the write in flight, then runs the final write.
 */
export function createReplyWriter(o: {
  write: (content: string) => Promise<boolean>;
  touch: () => Promise<boolean>;
  intervalMs: number;
  heartbeatMs: number;
  onLost: () => void;
  onError: (err: unknown) => void;
}) {
  let latest = '';
  let written = '';
  // The first write waits one interval too: a burst of new replies should not all hit the database at once.
  let lastAt = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let timerDue = 0;
  let inflight: Promise<void> | null = null;
  let stopped = false;

  const run = (op: () => Promise<boolean>, content: string | null) => {
    if (timer) clearTimeout(timer);
    timer = null;
    lastAt = Date.now();
    inflight = op()
      .then((owned) => {
        if (!owned) {
          stopped = true;
          o.onLost();
        } else if (content !== null) written = content;
      }, o.onError)
      .finally(() => {
        inflight = null;
        schedule();
      });
  };
  const due = () => {
    timer = null;
    if (stopped || inflight) return;
    if (latest !== written) {
      const content = latest;
      run(() => o.write(content), content);
    } else if (Date.now() - lastAt >= o.heartbeatMs) run(o.touch, null);
    else schedule();
  };
  function schedule() {
    if (timer || inflight || stopped) return;
    timerDue = latest !== written ? lastAt + o.intervalMs : lastAt + o.heartbeatMs;
    timer = setTimeout(due, Math.max(0, timerDue - Date.now()));
  }

  schedule();
  return {
    update(content: string) {
      latest = content;
      // A pending heartbeat is further away than the next content write: bring it forward.
      if (timer && timerDue > lastAt + o.intervalMs) {
        clearTimeout(timer);
        timer = null;
      }
      schedule();
    },
    async finish(final: () => Promise<void>) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (inflight) await inflight;
      await final();
    },
  };
}
