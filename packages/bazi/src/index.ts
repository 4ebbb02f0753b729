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
  BoundaryWarning,
  ChartPillar,
  Correction,
  DaYun,
  DaYunAnalysis,
  GanZhiView,
  Gender,
  LiuNian,
  LiuYue,
  LunarDateView,
  Pillar,
  Pillars,
  QiYun,
  StemTenGod,
  TermMark,
  WarningAlternative,
  YunRelations,
} from './chart/chart-types';
export { beijingYear } from './chart/compute-chart';
export { chartToJson, sharedPartJson, writeChartJson, type ChartJsonSink } from './chart/chart-json';
export { WARNING_WINDOW_SECONDS } from './chart/warnings';
export { SHEN_SHA_RULES } from './shensha/shen-sha';
export {
  LOOKUP_LABELS,
  PILLAR_LABELS,
  type LookupKey,
  type PillarKey,
  type ShenShaNature,
  type ShenShaRule,
} from './shensha/shen-sha-types';
export {
  RELATION_TYPES,
  relationsOfPillars,
  type Relation,
  type RelationMember,
  type RelationPillar,
  type RelationType,
} from './relations/relations';
export { pairingFacts, type CharPair, type ElementPair, type PairingFacts, type StarFact } from './pairing/pairing';
export { GAN, WU_XING, ZHI, type Gan, type WuXing, type Zhi } from './ganzhi/stems-branches';
export { elementOfChar } from './ganzhi/lookup';
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
