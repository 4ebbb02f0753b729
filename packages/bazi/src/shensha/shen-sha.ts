/**
 * Which 神煞 fall on which pillar. The rule tables are compiled once into bit masks (stems in bits 0-9, branches in
 * bits 10-21; whole pillars as 60-entry flags), so a chart costs one mask test per rule and pillar.
 */
import type { Gender } from '../chart/chart-types';
import { naYinOf } from '../ganzhi/na-yin';
import { GAN_ZHI_NAMES, ganOf, xunKongBranches, zhiOf } from '../ganzhi/sexagenary';
import { GAN } from '../ganzhi/stems-branches';
import { at, ganIndex, wuXingIndex, zhiIndex } from '../ganzhi/lookup';
import { AUSPICIOUS_RULES } from './rules-auspicious';
import { INAUSPICIOUS_RULES } from './rules-inauspicious';
import { type LookupKey, type PillarKey, type ShenShaRule, type TableRule } from './shen-sha-types';

export const SHEN_SHA_RULES: readonly ShenShaRule[] = Object.freeze([...AUSPICIOUS_RULES, ...INAUSPICIOUS_RULES]);

/** Sixty-cycle indices of the pillars; the hour is null when the birth hour is unknown. */
export interface PillarIndices {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number | null;
}

export type ShenShaByPillar = Readonly<Record<PillarKey, readonly string[]>>;

const STEM_BIT = (g: number) => 1 << g;
const BRANCH_BIT = (z: number) => 1 << (10 + z);

/** Lookup keys by position in the per-chart key array (KEY_ORDER[i] is the key at i). */
const KEY_ORDER: readonly LookupKey[] = ['year_stem', 'day_stem', 'year_branch', 'day_branch', 'month_branch', 'year_na_yin', 'day_pillar'];

interface Compiled {
  readonly name: string;
  readonly onMask: number;
  readonly kind: 'mask' | 'pillars' | 'set' | 'special';
  /** Positions in the key array of the keys the rule is looked up from. */
  readonly keys: readonly number[];
  /** kind 'mask': per key, key value → target bits (stems 0-9, branches 10-21). */
  readonly masks: readonly (readonly number[])[];
  /** kind 'pillars': per key, key value → the sixty pillars it points at; kind 'set': one list of sixty flags. */
  readonly flags: readonly (readonly (readonly boolean[])[])[];
}

const ON_BIT: Record<PillarKey, number> = { year: 1, month: 2, day: 4, hour: 8 };

/** Expands a table key ('申子辰', '甲戊庚', '金') into the indices it names, for the kind of key the rule uses. */
function keyIndices(key: string, kind: LookupKey): number[] {
  return [...key].map((c) => (kind === 'year_na_yin' ? wuXingIndex(c) : kind.endsWith('stem') ? ganIndex(c) : zhiIndex(c)));
}

function keyRange(kind: LookupKey): number {
  return kind === 'year_na_yin' ? 5 : kind.endsWith('stem') ? 10 : kind === 'day_pillar' ? 60 : 12;
}

function targetMask(targets: string): number {
  let mask = 0;
  for (const c of targets) mask |= (GAN as readonly string[]).includes(c) ? STEM_BIT(ganIndex(c)) : BRANCH_BIT(zhiIndex(c));
  return mask;
}

function pillarFlags(targets: string): boolean[] {
  const flags = new Array<boolean>(60).fill(false);
  for (const gz of targets.split(' ')) {
    const i = GAN_ZHI_NAMES.indexOf(gz);
    if (i < 0) throw new RangeError(`${gz} is not a sexagenary pillar`);
    flags[i] = true;
  }
  return flags;
}

function compileTable(rule: TableRule, onMask: number): Compiled {
  const masks = rule.from.map((kind) => new Array<number>(keyRange(kind)).fill(0));
  const flags = rule.from.map((kind) => Array.from({ length: keyRange(kind) }, () => new Array<boolean>(60).fill(false)));
  for (const [key, targets] of Object.entries(rule.table)) {
    rule.from.forEach((kind, k) => {
      for (const i of keyIndices(key, kind)) {
        if (rule.look === 'pillar') at(flags, k)[i] = pillarFlags(targets);
        else at(masks, k)[i] = targetMask(targets);
      }
    });
  }
  return {
    name: rule.name,
    onMask,
    kind: rule.look === 'pillar' ? 'pillars' : 'mask',
    keys: rule.from.map((k) => KEY_ORDER.indexOf(k)),
    masks,
    flags,
  };
}

const COMPILED: readonly Compiled[] = SHEN_SHA_RULES.map((rule): Compiled => {
  const onMask = rule.on.reduce((m, p) => m | ON_BIT[p], 0);
  if (rule.kind === 'table') return compileTable(rule, onMask);
  if (rule.kind === 'set') return { name: rule.name, onMask, kind: 'set', keys: [], masks: [], flags: [[pillarFlags(rule.pillars)]] };
  return { name: rule.name, onMask, kind: 'special', keys: [], masks: [], flags: [] };
});

/** 三奇 in the order the stems must stand: 天上 甲戊庚, 地下 乙丙丁, 人中 壬癸辛. */
const SAN_QI = [
  [0, 4, 6],
  [1, 2, 3],
  [8, 9, 7],
];
/** 纳音 element index of each pillar. */
const NA_YIN_ELEMENT: readonly number[] = GAN_ZHI_NAMES.map((_, i) => wuXingIndex(naYinOf(i).slice(-1)));
const SPRING_OR_AUTUMN = [2, 3, 4, 8, 9, 10];
/** 童子 by the year's 纳音 element (木火土金水): 金木 午卯, 水火 酉戌, 土 辰巳. */
const TONG_ZI_BY_NA_YIN = [targetMask('午卯'), targetMask('酉戌'), targetMask('辰巳'), targetMask('午卯'), targetMask('酉戌')];
const TONG_ZI_SPRING_AUTUMN = targetMask('寅子');
const TONG_ZI_SUMMER_WINTER = targetMask('卯未辰');

function branchHits(mask: number, slots: readonly (number | null)[]): number {
  let hits = 0;
  for (let i = 0; i < 4; i++) {
    const gz = slots[i];
    if (gz !== null && gz !== undefined && mask & BRANCH_BIT(zhiOf(gz))) hits |= 1 << i;
  }
  return hits;
}

/** Pillars (bits as in ON_BIT) that carry a special rule's star. */
function specialHits(name: string, p: PillarIndices, gender: Gender, slots: readonly (number | null)[]): number {
  const yearZhi = zhiOf(p.year);
  if (name === '元辰') {
    const sameDirection = (ganOf(p.year) % 2 === 0) === (gender === 'male');
    return branchHits(BRANCH_BIT((yearZhi + (sameDirection ? 7 : 5)) % 12), slots);
  }
  if (name === '空亡') {
    const [a, b] = xunKongBranches(p.day);
    return branchHits(BRANCH_BIT(a) | BRANCH_BIT(b), slots);
  }
  if (name === '童子') {
    const season = SPRING_OR_AUTUMN.includes(zhiOf(p.month)) ? TONG_ZI_SPRING_AUTUMN : TONG_ZI_SUMMER_WINTER;
    return branchHits(season | (TONG_ZI_BY_NA_YIN[NA_YIN_ELEMENT[p.year] ?? 0] ?? 0), slots);
  }
  if (name === '三奇贵人') {
    let hits = 0;
    for (const start of [0, 1]) {
      const run = slots.slice(start, start + 3).map((gz) => (gz === null || gz === undefined ? -1 : ganOf(gz)));
      if (SAN_QI.some((q) => q[0] === run[0] && q[1] === run[1] && q[2] === run[2])) hits |= 7 << start;
    }
    return hits;
  }
  return 0;
}

/**
 * The stars on each pillar, in rule order, each name once per pillar. A table rule keyed by two pillars (日干 and 年干,
 * 年支 and 日支) marks a pillar when either key points at it, the key's own pillar included.
 */
export function shenShaOf(p: PillarIndices, gender: Gender): ShenShaByPillar {
  const slots = [p.year, p.month, p.day, p.hour];
  const keyValues = [ganOf(p.year), ganOf(p.day), zhiOf(p.year), zhiOf(p.day), zhiOf(p.month), NA_YIN_ELEMENT[p.year] ?? 0, p.day];
  const bits = slots.map((gz) => (gz === null ? 0 : STEM_BIT(ganOf(gz)) | BRANCH_BIT(zhiOf(gz))));
  const out: string[][] = [[], [], [], []];
  for (const rule of COMPILED) {
    let hits = 0;
    if (rule.kind === 'mask') {
      let mask = 0;
      for (let k = 0; k < rule.keys.length; k++) mask |= rule.masks[k]?.[keyValues[rule.keys[k] ?? 0] ?? 0] ?? 0;
      for (let i = 0; i < 4; i++) if ((bits[i] ?? 0) & mask) hits |= 1 << i;
    } else if (rule.kind === 'pillars' || rule.kind === 'set') {
      for (let i = 0; i < 4; i++) {
        const gz = slots[i];
        if (gz === null || gz === undefined) continue;
        for (let k = 0; k < rule.flags.length; k++) {
          const table = rule.kind === 'set' ? rule.flags[0]?.[0] : rule.flags[k]?.[keyValues[rule.keys[k] ?? 0] ?? 0];
          if (table?.[gz]) hits |= 1 << i;
        }
      }
    } else hits = specialHits(rule.name, p, gender, slots);
    hits &= rule.onMask;
    if (hits) for (let i = 0; i < 4; i++) if (hits & (1 << i) && slots[i] !== null) out[i]?.push(rule.name);
  }
  return Object.freeze({
    year: Object.freeze(out[0] ?? []),
    month: Object.freeze(out[1] ?? []),
    day: Object.freeze(out[2] ?? []),
    hour: Object.freeze(out[3] ?? []),
  });
}

/**
 * The branches a table rule points at from a chart's keys (e.g. 桃花 from its year and day branches), to look for
 * the star in someone else's chart (合婚). Only for rules that look at branches.
 */
export function targetBranchesOf(name: string, p: PillarIndices): number[] {
  const rule = COMPILED.find((r) => r.name === name);
  if (rule?.kind !== 'mask') throw new RangeError(`${name} is not a branch table rule`);
  const keyValues = [ganOf(p.year), ganOf(p.day), zhiOf(p.year), zhiOf(p.day), zhiOf(p.month), NA_YIN_ELEMENT[p.year] ?? 0, p.day];
  let mask = 0;
  rule.keys.forEach((key, k) => (mask |= rule.masks[k]?.[keyValues[key] ?? 0] ?? 0));
  const out: number[] = [];
  for (let z = 0; z < 12; z++) if (mask & BRANCH_BIT(z)) out.push(z);
  return out;
}
