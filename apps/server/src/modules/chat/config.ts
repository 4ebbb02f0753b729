import { z } from 'zod';

/** Environment variables of the chat feature; merged into the one config parse in src/config.ts. */
export const chatEnv = z.object({});

export const chatConfig = (_e: object) => ({});  // becomes (e: z.infer<typeof chatEnv>) once the env has fields
