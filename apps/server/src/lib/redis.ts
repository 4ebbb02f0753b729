import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis connection, set up to fail fast: a command is refused at once while the connection is down (no offline
 * queue) and gives up after `commandTimeoutMs` when Redis accepts but does not answer. With ioredis' defaults a
 * request waited for Redis for 2–6 s (or, against a silent server, for ever). Callers keep working without it (the
 * rate limits fall back to per-instance counters, plugins/rate-limit-store.ts).
 */
export function openRedis(url: string, o: { commandTimeoutMs: number; log: FastifyBaseLogger }): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: o.commandTimeoutMs,
    connectTimeout: Math.max(1000, o.commandTimeoutMs * 4),
    maxRetriesPerRequest: 1,
  });
  // ioredis reconnects by itself; say so in the log once a minute rather than on every retry.
  let warnedAt = 0;
  redis.on('error', (err: Error) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    o.log.warn({ err: err.message }, 'redis unavailable: reconnecting');
  });
  return redis;
}

/** Gives a starting instance a moment to connect, so its first limits are shared; never fails and never waits long. */
export async function settleRedis(redis: Redis, ms: number) {
  if (redis.status === 'ready') return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    new Promise<void>((resolve) => redis.once('ready', () => resolve())),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

/** QUIT waits for an answer a silent Redis never gives; then the socket is simply dropped. */
export async function closeRedis(redis: Redis) {
  await redis.quit().catch(() => redis.disconnect());
}
