/**
 * @lingxi/bazi: a pure Bazi (八字) calculator. No I/O and no Node-only APIs, so the
 * Fastify server and the browser bundle import the same TypeScript source.
 */
export { computeChart } from './chart/compute-chart';
export { computeChartFromSpec, parseSpecRequest, type SpecBaziRequest } from './input/spec-request';
export { SUPPORTED_YEARS, type BaziInput, type CalendarType } from './input/birth-input';
export { DEFAULT_OPTIONS, resolveOptions, type AgeReckoning, type BaziOptions } from './chart/options';
export type { ZiHourRule } from './pillars/four-pillars';
export type {
  BaziChart,
  Correction,
  DaYun,
  DaYunAnalysis,
  Gender,
  LiuNian,
  LunarDateView,
  Pillar,
  Pillars,
  QiYun,
  StemTenGod,
  TermMark,
} from './chart/chart-types';
export { BaziInputError, isBaziInputError, type BaziErrorCode } from './errors';
export { daysInLunarMonth, daysInSolarMonth, lunarMonthsOfYear, type LunarMonthOption } from './input/form-helpers';
export {
  findPlace,
  formatBirthPlace,
  listCities,
  listProvinces,
  parseBirthPlace,
  type City,
  type Place,
  type Province,
} from './places/places';
export { CHINA_DST_PERIODS } from './corrections/china-dst';
export { SOLAR_TERM_NAMES } from './terms/term-names';
