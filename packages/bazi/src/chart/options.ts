/**
 * School-dependent rules and real-world corrections, each a named option with a
 * documented default. The resolved options are echoed in every chart so a stored
 * chart says how it was cast.
 */
import { BaziInputError } from '../errors';
import type { ZiHourRule } from '../pillars/four-pillars';

/** 'xu' = 虚岁 (born at one, one more each new year), 'zhou' = 周岁 (completed years). */
export type AgeReckoning = 'xu' | 'zhou';

export interface BaziOptions {
  /** Default 'day-changes-at-23' (子初换日): the classical rule and what most practitioners use. */
  readonly ziHourRule: ZiHourRule;
  /** Default 'xu': luck-cycle ages in 虚岁, as most Chinese almanacs and apps print them. */
  readonly ageReckoning: AgeReckoning;
  /** Default true: a clock time inside China's 1986-1991 summer time is moved back one hour. */
  readonly dstCorrection: boolean;
  /** Default false: use local apparent solar time (longitude + equation of time) for day and hour. */
  readonly trueSolarTime: boolean;
}

export const DEFAULT_OPTIONS: BaziOptions = Object.freeze({
  ziHourRule: 'day-changes-at-23',
  ageReckoning: 'xu',
  dstCorrection: true,
  trueSolarTime: false,
});

const ZI_HOUR_RULES: readonly ZiHourRule[] = ['day-changes-at-23', 'day-changes-at-0'];
const AGE_RECKONINGS: readonly AgeReckoning[] = ['xu', 'zhou'];

function pick<T>(value: unknown, allowed: readonly T[], fallback: T, name: string): T {
  if (value === undefined) return fallback;
  if (allowed.includes(value as T)) return value as T;
  throw new BaziInputError('INVALID_OPTION', `选项 ${name} 只能是 ${allowed.join(' 或 ')}`, name);
}

/** The sixteen possible option sets, each one frozen object shared by every chart cast with it. */
const resolved = new Map<string, BaziOptions>();

/** Fills in defaults; throws BaziInputError for an unknown value. */
export function resolveOptions(options: Partial<BaziOptions> | undefined): BaziOptions {
  const o: Partial<Record<keyof BaziOptions, unknown>> = options ?? {};
  const ziHourRule = pick(o.ziHourRule, ZI_HOUR_RULES, DEFAULT_OPTIONS.ziHourRule, 'ziHourRule');
  const ageReckoning = pick(o.ageReckoning, AGE_RECKONINGS, DEFAULT_OPTIONS.ageReckoning, 'ageReckoning');
  const dstCorrection = pick(o.dstCorrection, [true, false], DEFAULT_OPTIONS.dstCorrection, 'dstCorrection');
  const trueSolarTime = pick(o.trueSolarTime, [true, false], DEFAULT_OPTIONS.trueSolarTime, 'trueSolarTime');
  const key = `${ziHourRule}${ageReckoning}${dstCorrection}${trueSolarTime}`;
  let set = resolved.get(key);
  if (!set) {
    set = Object.freeze({ ziHourRule, ageReckoning, dstCorrection, trueSolarTime });
    resolved.set(key, set);
  }
  return set;
}
