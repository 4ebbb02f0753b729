import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { tooMany } from '../lib/errors';
import { redisWithLocalFallback } from './rate-limit-store';

/**
 * Limits are opt-in per route (`config.rateLimit`). With Redis every instance shares the counters; without it, and
 * while Redis is unreachable, the counts are per process, which is right for the single embedded instance `npm start`
 * runs and keeps every limit on (per instance) during a Redis outage.
 */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | null) {
  let warnedAt = 0;
  const onFallback = (err: Error) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    app.log.warn({ err: err.message }, 'redis unavailable: rate limits count per instance until it returns');
  };
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisWithLocalFallback(redis, 'lingxi-rl:', onFallback) } : {}),
    // Thrown as an AppError so the one error handler words and shapes it like every other failure.
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return tooMany(`请求过于频繁，请${seconds}秒后再试`, { retryAfter: seconds });
    },
  });
}
