/** Calls `fn` until `ok` holds or `timeoutMs` passes, and returns the last value (the caller asserts on it). */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
