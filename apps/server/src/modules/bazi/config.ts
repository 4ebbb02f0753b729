import { z } from 'zod';

/** Environment variables of the bazi feature; merged into the one config parse in src/config.ts. */
export const baziEnv = z.object({});

export const baziConfig = (_e: object) => ({});  // becomes (e: z.infer<typeof baziEnv>) once the env has fields
