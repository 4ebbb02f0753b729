import path from 'node:path';
import { z } from 'zod';

/** Environment variables of the account area (personal-data export); merged into the one config parse in src/config.ts. */
export const accountEnv = z.object({
  /** An export larger than this is refused with a Chinese message (the file is built before it is sent). */
  ACCOUNT_EXPORT_MAX_MB: z.coerce.number().positive().max(100_000).default(256),
  /** Exports being built at once by one process; more wait for a 429. Each holds one page of rows in memory. */
  ACCOUNT_EXPORTS_AT_ONCE: z.coerce.number().int().min(1).max(100).default(2),
});

export function accountConfig(e: z.infer<typeof accountEnv> & { DATA_DIR: string }) {
  return {
    exportMaxBytes: Math.floor(e.ACCOUNT_EXPORT_MAX_MB * 1024 * 1024),
    exportsAtOnce: e.ACCOUNT_EXPORTS_AT_ONCE,
    /** Export files live here only while they are built and sent. */
    exportDir: path.join(e.DATA_DIR, 'exports'),
    /** A lease outlives any export it guards; after it, an instance that died mid-export no longer blocks the next. */
    exportLeaseMs: 15 * 60_000,
  };
}
export type AccountConfig = ReturnType<typeof accountConfig>;
