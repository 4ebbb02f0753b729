import { z } from 'zod';

/**
 * The chart the calculator returns (spec §3 Bazi result plus the additions of issue #3 and the professional chart of
 * issue #15). Field names are the calculator's; packages/bazi's BaziChart is checked against this at compile time.
 */
export const ZI_HOUR_RULES = ['day-changes-at-23', 'day-changes-at-0'] as const;
export const AGE_RECKONINGS = ['xu', 'zhou'] as const;

const stemTenGod = z.object({ gan: z.string(), shi_shen: z.string() });
const termMark = z.object({ name: z.string(), datetime: z.string() });

export const baziPillar = z.object({
  gan: z.string(),
  zhi: z.string(),
  gan_zhi: z.string(),
  shi_shen: z.string(),
  cang_gan: z.record(z.string(), z.string()),
  hidden_stems: z.array(stemTenGod),
  zhi_shi_shen: z.string(),
  na_yin: z.string(),
  gan_wu_xing: z.string(),
  zhi_wu_xing: z.string(),
  di_shi: z.string(),
  xun_kong: z.string(),
  /** The 神煞 on this pillar (docs/bazi-shen-sha.md). */
  shen_sha: z.array(z.string()),
});
export type BaziPillar = z.infer<typeof baziPillar>;

const liuNian = z.object({ gan_zhi: z.string(), year: z.number(), age: z.number() });
/** 胎元 胎息 命宫 身宫. */
export const baziGanZhiView = z.object({ gan: z.string(), zhi: z.string(), gan_zhi: z.string(), na_yin: z.string() });
export const RELATION_PILLARS = ['year', 'month', 'day', 'hour', 'da_yun', 'liu_nian', 'liu_yue'] as const;
export const baziRelation = z.object({
  type: z.string().meta({ description: '天干五合 天干相冲 六合 三合 半合 三会 六冲 相刑 自刑 六害 相破' }),
  members: z.array(z.object({ pillar: z.enum(RELATION_PILLARS), char: z.string() })),
  result_wu_xing: z.string().optional(),
});
export type BaziRelation = z.infer<typeof baziRelation>;
export const baziWarning = z.object({
  kind: z.enum(['term', 'hour']),
  message: z.string(),
  boundary: z.string(),
  minutes: z.number(),
  alternatives: z.array(z.object({ pillar: z.enum(['year', 'month', 'day', 'hour']), current: z.string(), alternative: z.string() })),
});
export type BaziWarning = z.infer<typeof baziWarning>;
export const baziLiuYue = z.object({ term: z.string(), gan_zhi: z.string(), start: z.string(), end: z.string() });
export type BaziLiuYue = z.infer<typeof baziLiuYue>;

export const baziDaYun = z.object({
  gan_zhi: z.string(),
  start_age: z.number(),
  end_age: z.number(),
  start_year: z.number(),
  end_year: z.number(),
  analysis: z.object({ stem: z.object({ shi_shen: z.string() }), branch: z.object({ hidden_stems: z.array(stemTenGod) }) }),
  /** The spec's events: the ten years' 干支. */
  events: z.array(z.object({ gan_zhi: z.string() })),
  /** The ten years (流年) with their Gregorian year and age; with the timeline only. */
  liu_nian: z.array(liuNian).optional(),
});
export type BaziDaYun = z.infer<typeof baziDaYun>;

export const baziCorrection = z.object({
  kind: z.enum(['dst', 'true_solar_time']),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  minutes: z.number(),
  note: z.string(),
});
export type BaziCorrection = z.infer<typeof baziCorrection>;

export const baziChartOptions = z.object({
  ziHourRule: z.enum(ZI_HOUR_RULES),
  ageReckoning: z.enum(AGE_RECKONINGS),
  dstCorrection: z.boolean(),
  trueSolarTime: z.boolean(),
});
export type BaziChartOptions = z.infer<typeof baziChartOptions>;

/** Spec §3 Bazi result plus the calculator's additions; date-times are 'YYYY-MM-DD HH:mm:ss', Beijing time. */
export const baziChart = z.object({
  gender: z.enum(['male', 'female']),
  title: z.enum(['乾造', '坤造']),
  birth_place: z.string(),
  place: z.object({ province: z.string(), city: z.string(), longitude: z.number(), latitude: z.number() }),
  birth_time: z.string(),
  solar_date: z.string(),
  lunar_date: z.object({ year: z.number(), month: z.number(), day: z.number(), is_leap_month: z.boolean(), text: z.string() }),
  standard_time: z.string(),
  corrected_time: z.string(),
  corrections: z.array(baziCorrection),
  previous_term: termMark,
  next_term: termMark,
  pillars: z.object({ year: baziPillar, month: baziPillar, day: baziPillar, hour: baziPillar.nullable() }),
  day_master: z.object({ gan: z.string(), wu_xing: z.string(), yin_yang: z.string() }),
  wu_xing_count: z.record(z.string(), z.number()),
  qi_yun: z.object({
    direction: z.string(),
    years: z.number(),
    months: z.number(),
    days: z.number(),
    hours: z.number(),
    minutes: z.number(),
    moment: z.string(),
    term: termMark,
    text: z.string(),
  }),
  da_yun: z.array(baziDaYun),
  options: baziChartOptions,
  hour_unknown: z.boolean(),
  tai_yuan: baziGanZhiView,
  tai_xi: baziGanZhiView,
  ming_gong: baziGanZhiView.nullable(),
  shen_gong: baziGanZhiView.nullable(),
  relations: z.array(baziRelation),
  warnings: z.array(baziWarning),
  xiao_yun: z.array(liuNian),
  /** The timeline (asked for with include=timeline or liu_yue_year, ADR 021). */
  liu_yue_year: z.number().optional(),
  liu_yue: z.array(baziLiuYue).optional(),
  yun_relations: z
    .object({ year: z.number(), da_yun: z.string().nullable(), liu_nian: z.string(), relations: z.array(baziRelation) })
    .optional(),
});
export type BaziChartData = z.infer<typeof baziChart>;
