import { z } from 'zod';

/** Environment variables of the bazi feature; merged into the one config parse in src/config.ts. */
export const baziEnv = z.object({
  // Per client IP. A chart costs ~10 µs, so the limit guards against scraping rather than load; benchmarks raise it.
  BAZI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // Saved charts kept per user; the oldest are dropped beyond this so one account cannot grow the table without bound.
  BAZI_MAX_SAVED_CHARTS: z.coerce.number().int().min(1).max(10_000).default(200),
  // 合婚 records kept per user (each also records a partner's consent); the oldest are dropped beyond this.
  BAZI_MAX_PAIRINGS: z.coerce.number().int().min(1).max(10_000).default(50),
});

export const baziConfig = (e: z.infer<typeof baziEnv>) => ({
  ratePerMinute: e.BAZI_RATE_LIMIT_PER_MINUTE,
  maxSavedCharts: e.BAZI_MAX_SAVED_CHARTS,
  maxPairings: e.BAZI_MAX_PAIRINGS,
});
export type BaziConfig = ReturnType<typeof baziConfig>;
