/**
 * The Redis the shared-rate-limit and two-instance tests use (TEST_REDIS_URL). Outside CI they skip without one;
 * under CI=true a missing Redis fails the run, as a missing PostgreSQL (support/databases.ts) or Chromium does.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL;

if (process.env.CI === 'true' && !testRedisUrl) {
  throw new Error('CI=true but TEST_REDIS_URL is not set: the Redis tests (shared rate limits, two instances) would be skipped silently');
}
