import { z } from 'zod';

/** Environment variables of the reward feature; merged into the one config parse in src/config.ts. */
export const rewardEnv = z.object({});

export const rewardConfig = (_e: object) => ({});  // becomes (e: z.infer<typeof rewardEnv>) once the env has fields
