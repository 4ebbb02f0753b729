import { z } from 'zod';

/**
 * What a new chat session is grounded in (issue #15): one of the caller's saved charts, optionally a year or a month
 * of its timeline ("这一年/这个月需要注意什么"), or a 合婚 pairing. Without it the fortune personas read the caller's
 * latest saved chart, as before.
 */
export const CHAT_GROUNDING_MESSAGES = {
  chartNotFound: '要解读的命盘不存在',
  pairingNotFound: '要解读的合婚记录不存在',
  monthWithoutYear: '选择月份时必须同时给出年份',
} as const;

const id = z.string().max(64);

export const chatGrounding = z.discriminatedUnion(
  'kind',
  [
    z
      .object({
        kind: z.literal('chart'),
        chart_id: id,
        year: z.number().int().min(1901).max(2099).optional(),
        /** 1 = the 寅 month (from 立春) … 12 = the 丑 month, of `year`. */
        month: z.number().int().min(1).max(12).optional(),
      })
      .refine((g) => g.month === undefined || g.year !== undefined, { error: CHAT_GROUNDING_MESSAGES.monthWithoutYear }),
    z.object({ kind: z.literal('pairing'), pairing_id: id }),
  ],
  { error: '解读对象不正确' },
);
export type ChatGrounding = z.infer<typeof chatGrounding>;
