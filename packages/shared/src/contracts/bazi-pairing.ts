import { z } from 'zod';
import { envelope } from './common';

/**
 * 合婚 (issue #15): two of the caller's saved charts and the facts that relate them. The second person's birth data is
 * theirs, so the request must carry their consent; the pairing row is the record of it. No score is given.
 */
export const BAZI_PAIRING_MESSAGES = {
  consent: '请先确认已征得对方同意使用其出生信息',
  sameChart: '请选择两个不同的命盘',
  notFound: '合婚记录不存在',
} as const;

const chartId = z.string({ error: '请选择命盘' }).max(64, { error: '命盘不存在' });

export const baziPairingBody = z.object({
  chart_id: chartId,
  partner_chart_id: chartId,
  partner_consent: z.literal(true, { error: BAZI_PAIRING_MESSAGES.consent }),
});
export type BaziPairingBody = z.input<typeof baziPairingBody>;

const relationKinds = z.array(z.object({ type: z.string(), result_wu_xing: z.string().optional() }));
const charPair = z.object({ a: z.string(), b: z.string(), relations: relationKinds });
const elementSide = z.object({ name: z.string(), wu_xing: z.string() });
const elementPair = z.object({
  a: elementSide,
  b: elementSide,
  relation: z.enum(['比和', '相生', '相克']),
  from: z.enum(['a', 'b']).nullable(),
  text: z.string(),
});

export const baziPairingFacts = z.object({
  year_branch: charPair,
  day_branch: charPair,
  day_stem: charPair,
  day_master: elementPair,
  na_yin: elementPair,
  stars: z.array(
    z.object({
      star: z.enum(['桃花', '红鸾', '天喜']),
      of: z.enum(['a', 'b']),
      pillars: z.array(z.object({ pillar: z.enum(['year', 'month', 'day', 'hour']), zhi: z.string() })),
    }),
  ),
});
export type BaziPairingFacts = z.infer<typeof baziPairingFacts>;

export const baziPairingSide = z.object({
  id: z.string(),
  name: z.string().nullable(),
  gender: z.enum(['male', 'female']),
  title: z.string(),
  /** '庚午 辛巳 庚辰 辛巳' (three pillars when the hour is unknown). */
  pillars: z.string(),
  day_master: z.string(),
});

export const baziPairing = z.object({
  id: z.string(),
  created_at: z.string(),
  a: baziPairingSide,
  b: baziPairingSide,
  facts: baziPairingFacts,
});
export type BaziPairing = z.infer<typeof baziPairing>;
export const baziPairingResponse = envelope(baziPairing);
export const baziPairingIdParams = z.object({ id: z.string().max(64, { error: BAZI_PAIRING_MESSAGES.notFound }) });
