import { z } from 'zod';

/** Environment variables of the wechat feature; merged into the one config parse in src/config.ts. */
export const wechatEnv = z.object({});

export const wechatConfig = (_e: object) => ({});  // becomes (e: z.infer<typeof wechatEnv>) once the env has fields
