import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { tooMany } from '../lib/errors';

/**
 * Limits are opt-in per route (`config.rateLimit`). With Redis every instance shares the counters; without it the
 * counts are per process, which is right for the single embedded instance `npm start` runs.
 */
export async function registerRateLimit(app: FastifyInstance, redis: Redis | null) {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'lingxi-rl:' } : {}),
    // Redis down must not lock everyone out of signing in: limits lapse, the SMS limits in the database still hold.
    skipOnError: true,
    // Thrown as an AppError so the one error handler words and shapes it like every other failure.
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return tooMany(`请求过于频繁，请${seconds}秒后再试`, { retryAfter: seconds });
    },
  });
}
