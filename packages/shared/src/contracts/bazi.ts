import { z } from 'zod';
import { BAZI_FORM_MESSAGES, BAZI_MESSAGES } from '../rules/bazi-messages';
import { envelope } from './common';

/**
 * Bazi (spec §3 Bazi request / result, §7 POST /bazi-paipan/paipan). The calculator `@lingxi/bazi` owns the meaning
 * of a request (impossible dates, leap months, places …) and words those refusals itself; these schemas describe the
 * shapes for OpenAPI, the web client's types and the first line of defence (a wrong JSON type).
 */
// The zod-free texts live in rules/ so the web can use them without bundling zod (ADR 008); re-exported unchanged.
export { BAZI_FORM_MESSAGES, BAZI_MESSAGES } from '../rules/bazi-messages';

export const ZI_HOUR_RULES = ['day-changes-at-23', 'day-changes-at-0'] as const;
export const AGE_RECKONINGS = ['xu', 'zhou'] as const;

const missing = (v: unknown) => v === undefined || v === null;

/** '1990' / '05' or 1990 / 5; ranges and calendars are the calculator's to judge. Messages match the calculator's. */
const dateNumber = (label: string, example: string) =>
  z
    .union([z.string(), z.number()], {
      error: (iss) =>
        missing(iss.input)
          ? `请选择${label}`
          : `${label}必须是数字，收到“${typeof iss.input === 'object' ? JSON.stringify(iss.input) : String(iss.input)}”`,
    })
    .meta({ description: `${label}：数字或数字字符串`, examples: [example] });

const flag = (name: string, description: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: `${name} 必须是 true 或 false` })
    .optional()
    .meta({ description });

export const baziRequestBody = z.object({
  year: dateNumber('年份', '1990'),
  month: dateNumber('月份', '05'),
  day: dateNumber('日期', '09'),
  hour: dateNumber('小时', '08'),
  minute: dateNumber('分钟', '05'),
  isLeapMonth: flag('闰月标记', '农历闰月时为 true（仅农历）'),
  gender: z.enum(['male', 'female'], {
    error: (iss) => (missing(iss.input) ? BAZI_FORM_MESSAGES.gender : '性别只能是男（male）或女（female）'),
  }),
  calendarType: z.enum(['solar', 'lunar'], {
    error: (iss) => (missing(iss.input) ? BAZI_FORM_MESSAGES.calendarType : '历法只能是公历（solar）或农历（lunar）'),
  }),
  birth_place: z
    .string({ error: '请选择出生地' })
    .meta({ description: '省份简称 + 城市简称，如“北京北京”“广东深圳”', examples: ['北京北京'] }),
  ziHourRule: z
    .enum(ZI_HOUR_RULES, { error: `选项 ziHourRule 只能是 ${ZI_HOUR_RULES.join(' 或 ')}` })
    .optional()
    .meta({ description: '子时换日：day-changes-at-23（默认，子初换日）或 day-changes-at-0（夜子时）' }),
  ageReckoning: z
    .enum(AGE_RECKONINGS, { error: `选项 ageReckoning 只能是 ${AGE_RECKONINGS.join(' 或 ')}` })
    .optional()
    .meta({ description: '大运年龄：xu 虚岁（默认）或 zhou 周岁' }),
  dstCorrection: flag('dstCorrection', '1986–1991年夏令时校正，默认 true'),
  trueSolarTime: flag('trueSolarTime', '按出生地真太阳时取日柱时柱，默认 false'),
});
export type BaziRequest = z.input<typeof baziRequestBody>;

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
});
export type BaziPillar = z.infer<typeof baziPillar>;

export const baziDaYun = z.object({
  gan_zhi: z.string(),
  start_age: z.number(),
  end_age: z.number(),
  start_year: z.number(),
  end_year: z.number(),
  analysis: z.object({ stem: z.object({ shi_shen: z.string() }), branch: z.object({ hidden_stems: z.array(stemTenGod) }) }),
  events: z.array(z.object({ gan_zhi: z.string(), year: z.number(), age: z.number() })),
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
  pillars: z.object({ year: baziPillar, month: baziPillar, day: baziPillar, hour: baziPillar }),
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
});
export type BaziChartData = z.infer<typeof baziChart>;
export const baziChartResponse = envelope(baziChart);

/** One row of GET /bazi-paipan/charts: enough to recognise a chart without loading it. */
export const baziChartSummary = z.object({
  id: z.string(),
  created_at: z.string(),
  gender: z.string(),
  title: z.string(),
  birth_time: z.string(),
  birth_place: z.string(),
  calendar_type: z.string(),
  lunar_date: z.string(),
  /** The four pillars as one string: '庚午 辛巳 庚辰 辛巳'. */
  pillars: z.string(),
});
export type BaziChartSummary = z.infer<typeof baziChartSummary>;

const page = z.coerce.number({ error: '页码不正确' }).int({ error: '页码不正确' }).min(1, { error: '页码不正确' }).default(1);
const pageSize = z.coerce
  .number({ error: '每页条数不正确' })
  .int({ error: '每页条数不正确' })
  .min(1, { error: '每页条数不正确' })
  .max(50, { error: '每页条数不能超过50' })
  .default(10);
export const baziChartListQuery = z.object({ page, page_size: pageSize });
export type BaziChartListQuery = z.input<typeof baziChartListQuery>;
export const baziChartList = z.object({
  records: z.array(baziChartSummary),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type BaziChartList = z.infer<typeof baziChartList>;
export const baziChartListResponse = envelope(baziChartList);

export const baziChartIdParams = z.object({ id: z.string().max(64, { error: BAZI_MESSAGES.notFound }) });

/** A saved chart: the request as accepted (normalised) and the full chart. */
export const baziSavedChart = z.object({
  id: z.string(),
  created_at: z.string(),
  input: baziRequestBody,
  result: baziChart,
});
export type BaziSavedChart = z.infer<typeof baziSavedChart>;
export const baziSavedChartResponse = envelope(baziSavedChart);
export const baziDeleteResponse = envelope(z.null());
