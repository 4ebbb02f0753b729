import type { StopReason } from './types';

/**
 * The replies this process is streaming, by session: a delete stops its session's reply here at once, shutdown
 * drains them, and metrics count them. The rules that hold across processes (one reply per session, streams per
 * user) live in the database (chat_begin_turn); a reply running in another process notices a delete at its next
 * fenced write.
 */
export function createActiveTurns() {
  const running = new Map<string, AbortController>();
  const idle: (() => void)[] = [];

  return {
    add(sessionId: string, controller: AbortController) {
      running.set(sessionId, controller);
    },
    remove(sessionId: string, controller: AbortController) {
      if (running.get(sessionId) !== controller) return;
      running.delete(sessionId);
      if (running.size === 0) for (const done of idle.splice(0)) done();
    },
    stop(sessionId: string, reason: StopReason) {
      const c = running.get(sessionId);
      if (c && !c.signal.aborted) c.abort(reason);
    },
    stopAll(reason: StopReason) {
      for (const c of running.values()) if (!c.signal.aborted) c.abort(reason);
    },
    count: () => running.size,
    /** Resolves once no reply is running (at once when none is). */
    drained(): Promise<void> {
      if (running.size === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
export type ActiveTurns = ReturnType<typeof createActiveTurns>;
