import { z } from 'zod';

/** Every JSON answer of the API has this envelope (spec §7: success, message, data and sometimes token). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.boolean(), message: z.string(), data });

export const errorEnvelope = z.object({ success: z.literal(false), message: z.string(), data: z.null().optional() });
export type ApiError = z.infer<typeof errorEnvelope>;

export const okMessage = z.object({ success: z.boolean(), message: z.string() });
