import { z } from 'zod';
import { BAZI_FORM_MESSAGES, BAZI_MESSAGES, BAZI_NAME_MAX } from '../rules/bazi-messages';
import { AGE_RECKONINGS, baziChart, ZI_HOUR_RULES } from './bazi-chart';
import { envelope } from './common';

/**
 * Bazi (spec §3 Bazi request / result, §7 POST /bazi-paipan/paipan). The calculator `@lingxi/bazi` owns the meaning
 * of a request (impossible dates, leap months, places …) and words those refusals itself; these schemas describe the
 * shapes for OpenAPI, the web client's types and the first line of defence (a wrong JSON type).
 */
// The zod-free texts live in rules/ so the web can use them without bundling zod (ADR 008); re-exported unchanged.
export { BAZI_FORM_MESSAGES, BAZI_MESSAGES, BAZI_NAME_MAX } from '../rules/bazi-messages';

export * from './bazi-chart';

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

export const baziChartName = z
  .string({ error: '命盘名称必须是文字' })
  .trim()
  .max(BAZI_NAME_MAX, { error: `命盘名称不能超过${BAZI_NAME_MAX}个字` })
  .meta({ description: '命盘名称（可选），如“我”“妈妈”', examples: ['我'] });

export const baziRequestBody = z.object({
  year: dateNumber('年份', '1990'),
  month: dateNumber('月份', '05'),
  day: dateNumber('日期', '09'),
  hour: dateNumber('小时', '08').optional(),
  minute: dateNumber('分钟', '05').optional(),
  hourUnknown: flag('hourUnknown', '不知道出生时辰时为 true：只排年、月、日三柱，按正午推算起运（hour、minute 可省略）'),
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
  liu_yue_year: dateNumber('流月年份', '2026')
    .optional()
    .meta({ description: '时间线（流月、当年大运流年关系）所属的年份（立春起算），默认今年；给出即附带时间线' }),
  include: z
    .union([z.literal('timeline'), z.array(z.literal('timeline'))], { error: 'include 只能是 timeline' })
    .optional()
    .meta({ description: 'timeline：附带各步大运的流年（liu_nian）、liu_yue_year 的流月与大运流年关系（ADR 019）' }),
  name: baziChartName.optional(),
});
export type BaziRequest = z.input<typeof baziRequestBody>;

export const baziChartResponse = envelope(baziChart).extend({
  /** The saved chart's id, when the caller is signed in and the chart was saved. */
  chart_id: z.string().optional(),
});

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
  /** The four pillars as one string: '庚午 辛巳 庚辰 辛巳' (three when the hour is unknown). */
  pillars: z.string(),
  name: z.string().nullable(),
  hour_unknown: z.boolean(),
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
export const baziSavedChartQuery = z.object({
  liu_yue_year: baziRequestBody.shape.liu_yue_year,
  include: baziRequestBody.shape.include,
});

/** A saved chart: its name, the request as accepted (normalised) and the chart, cast again by today's calculator. */
export const baziSavedChart = z.object({
  id: z.string(),
  created_at: z.string(),
  name: z.string().nullable(),
  input: baziRequestBody,
  result: baziChart,
});
export type BaziSavedChart = z.infer<typeof baziSavedChart>;
export const baziSavedChartResponse = envelope(baziSavedChart);
export const baziDeleteResponse = envelope(z.null());

/** PATCH a saved chart: rename it (null clears the name) or cast it again with other options. */
export const baziChartPatchBody = z
  .object({
    name: baziChartName.nullable().optional(),
    ziHourRule: baziRequestBody.shape.ziHourRule,
    ageReckoning: baziRequestBody.shape.ageReckoning,
    dstCorrection: z.boolean({ error: 'dstCorrection 必须是 true 或 false' }).optional(),
    trueSolarTime: z.boolean({ error: 'trueSolarTime 必须是 true 或 false' }).optional(),
    liu_yue_year: baziRequestBody.shape.liu_yue_year,
    include: baziRequestBody.shape.include,
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'liu_yue_year' && k !== 'include'), { error: '没有要修改的内容' });
export type BaziChartPatch = z.input<typeof baziChartPatchBody>;
