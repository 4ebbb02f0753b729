/**
 * The product spec's Bazi request (POST /bazi-paipan/paipan) as the web form sends it:
 *   { year: '1990', month: '05', day: '09', hour: '08', minute: '05', isLeapMonth: false,
 *     gender: 'male', calendarType: 'solar', birth_place: '北京北京' }
 * plus the optional flat option flags ziHourRule, ageReckoning, dstCorrection and
 * trueSolarTime. Numbers may come as digit strings or integers. Issue #15 adds hourUnknown
 * (then hour and minute may be left out), include ('timeline') and liu_yue_year.
 */
import type { BaziChart } from '../chart/chart-types';
import { computeChart } from '../chart/compute-chart';
import type { BaziOptions } from '../chart/options';
import { BaziInputError } from '../errors';
import { validateBirthInput, type BaziInput, type CalendarType } from './birth-input';

export interface SpecBaziRequest {
  readonly year: string | number;
  readonly month: string | number;
  readonly day: string | number;
  readonly hour?: string | number;
  readonly minute?: string | number;
  readonly hourUnknown?: boolean | 'true' | 'false';
  readonly isLeapMonth?: boolean | 'true' | 'false';
  readonly gender: string;
  readonly calendarType: string;
  readonly birth_place: string;
  readonly ziHourRule?: string;
  readonly ageReckoning?: string;
  readonly dstCorrection?: boolean;
  readonly trueSolarTime?: boolean;
  readonly liu_yue_year?: string | number;
  /** 'timeline' (or a list holding it): add the 流年, 流月 and the luck relations of liu_yue_year. */
  readonly include?: string | readonly string[];
}

const LABELS = { year: '年份', month: '月份', day: '日期', hour: '小时', minute: '分钟', liu_yue_year: '流月年份' } as const;

function toInteger(value: unknown, field: keyof typeof LABELS): number {
  const label = LABELS[field];
  if (value === undefined || value === null || value === '') throw new BaziInputError('INVALID_NUMBER', `请选择${label}`, field);
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value)) return Number(value);
  throw new BaziInputError('INVALID_NUMBER', `${label}必须是数字，收到“${String(value)}”`, field);
}

function toBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new BaziInputError('INVALID_REQUEST', `${field} 必须是 true 或 false`, field);
}

/** `include` names the optional parts of the answer; 'timeline' is the one there is. */
function includesTimeline(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  const parts = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : Array.isArray(value) ? value : [value];
  for (const part of parts) {
    if (part !== 'timeline') throw new BaziInputError('INVALID_REQUEST', `include 只能是 timeline，收到“${String(part)}”`, 'include');
  }
  return parts.length > 0;
}

/**
 * Maps the spec's request body to a BaziInput and validates it, so a route can reject a
 * bad request (BaziInputError → 400 with its Chinese message) before doing anything else.
 */
export function parseSpecRequest(body: unknown): BaziInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BaziInputError('INVALID_REQUEST', '排盘参数必须是一个对象');
  }
  const b = body as Record<string, unknown>;
  const options: Record<string, unknown> = {};
  if (b.ziHourRule !== undefined) options.ziHourRule = b.ziHourRule;
  if (b.ageReckoning !== undefined) options.ageReckoning = b.ageReckoning;
  const dst = toBoolean(b.dstCorrection, 'dstCorrection');
  if (dst !== undefined) options.dstCorrection = dst;
  const tst = toBoolean(b.trueSolarTime, 'trueSolarTime');
  if (tst !== undefined) options.trueSolarTime = tst;
  const hourUnknown = toBoolean(b.hourUnknown, 'hourUnknown') ?? false;
  const timeline = includesTimeline(b.include);
  const liuYueYear = b.liu_yue_year === undefined || b.liu_yue_year === null ? undefined : toInteger(b.liu_yue_year, 'liu_yue_year');
  // Optional keys left undefined rather than spread in: this runs on every chart request.
  const input: BaziInput = {
    calendar: b.calendarType as CalendarType,
    year: toInteger(b.year, 'year'),
    month: toInteger(b.month, 'month'),
    day: toInteger(b.day, 'day'),
    hour: hourUnknown ? undefined : toInteger(b.hour, 'hour'),
    minute: hourUnknown ? undefined : toInteger(b.minute, 'minute'),
    hourUnknown,
    liuYueYear,
    timeline,
    isLeapMonth: toBoolean(b.isLeapMonth, 'isLeapMonth') ?? false,
    gender: b.gender as BaziInput['gender'],
    birthPlace: typeof b.birth_place === 'string' ? b.birth_place : '',
    options: options as Partial<BaziOptions>,
  };
  validateBirthInput(input);
  return input;
}

/** parseSpecRequest + computeChart: what the server route calls. */
export function computeChartFromSpec(body: unknown): BaziChart {
  return computeChart(parseSpecRequest(body));
}
