import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Incr = FastifyRateLimitStore['incr'];

/** After a failed Redis call, count in process for this long before asking Redis again. */
const RETRY_REDIS_AFTER_MS = 5_000;

/**
 * Counters shared through Redis while it answers, and this process's own counters (the same fixed windows, LRU-bounded)
 * while it does not: Redis being down must neither lift the limits nor hold requests up. A refused or unanswered
 * command fails fast (app.ts: no offline queue, a short command timeout); after one, requests use the local counters
 * for a few seconds instead of each waiting for Redis to fail again.
 */
export function redisWithLocalFallback(redis: Redis, nameSpace: string, onFallback: (err: Error) => void): FastifyRateLimitStoreCtor {
  let redisDownUntil = 0;
  const usable = () => redis.status === 'ready' && Date.now() >= redisDownUntil;

  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr: Incr = (key, callback, timeWindow, max) => {
      if (!usable()) return this.local.incr(key, callback, timeWindow, max);
      this.shared.incr(
        key,
        (err, result) => {
          if (!err) return callback(null, result);
          redisDownUntil = Date.now() + RETRY_REDIS_AFTER_MS;
          onFallback(err);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    };

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return class extends FallbackStore {
    constructor(o: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const backoff = [o.continueExceeding ?? false, o.exponentialBackoff ?? false] as const;
      super(new RedisStore(...backoff, redis, nameSpace), new LocalStore(...backoff));
    }
  };
}
