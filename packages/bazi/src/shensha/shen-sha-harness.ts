/**
 * Test harness for the 神煞 table tests: sets the pillars a rule is looked up from to one key and reports, for every
 * possible hour pillar, whether the star lands on it. Each test then compares that with its own writing of the
 * classical table, so the rule tables and the engine are checked against an independent copy of the source.
 */
import { ganOf, zhiOf } from '../ganzhi/sexagenary';
import { GAN, ZHI } from '../ganzhi/stems-branches';
import { at } from '../ganzhi/lookup';
import { byName, pillar, pillarWithNaYin } from '../testing/pillars';
import { shenShaOf, SHEN_SHA_RULES, type PillarIndices } from './shen-sha';
import type { LookupKey } from './shen-sha-types';

const BASE: PillarIndices = { year: byName('丙午'), month: byName('丙申'), day: byName('丙午'), hour: byName('丙申') };

export function ruleNamed(name: string) {
  const rule = SHEN_SHA_RULES.find((r) => r.name === name);
  if (!rule) throw new Error(`no rule ${name}`);
  return rule;
}

/** The chart with every lookup pillar of the rule set to `key` (a stem, a branch or a 纳音 element). */
export function keyedChart(from: readonly LookupKey[], key: string, over: Partial<PillarIndices> = {}): PillarIndices {
  const p: { year: number; month: number; day: number; hour: number | null } = { ...BASE };
  for (const kind of from) {
    if (kind === 'year_stem') p.year = pillar(key);
    if (kind === 'day_stem') p.day = pillar(key);
    if (kind === 'year_branch') p.year = pillar(undefined, key);
    if (kind === 'day_branch') p.day = pillar(undefined, key);
    if (kind === 'month_branch') p.month = pillar(undefined, key);
    if (kind === 'year_na_yin') p.year = pillarWithNaYin(key);
  }
  return { ...p, ...over };
}

/** Branches that carry the star when they stand in the hour pillar (the hour pillar is never a key pillar). */
export function hourBranchesWith(name: string, key: string): string {
  const rule = ruleNamed(name);
  return ZHI.filter((z) => shenShaOf(keyedChart(rule.from, key, { hour: pillar(undefined, z) }), 'male').hour.includes(name)).join('');
}

/** Stems that carry the star when they stand in the hour pillar. */
export function hourStemsWith(name: string, key: string): string {
  const rule = ruleNamed(name);
  return GAN.filter((g) => shenShaOf(keyedChart(rule.from, key, { hour: pillar(g) }), 'male').hour.includes(name)).join('');
}

/** Whether the star is on the hour pillar for each of the sixty hour pillars, as '干支' names that carry it. */
export function hourPillarsWith(name: string, key: string): Set<string> {
  const rule = ruleNamed(name);
  const out = new Set<string>();
  for (let i = 0; i < 60; i++) {
    if (shenShaOf(keyedChart(rule.from, key, { hour: i }), 'male').hour.includes(name)) out.add(at(GAN, ganOf(i)) + at(ZHI, zhiOf(i)));
  }
  return out;
}

/** Day pillars (of all sixty) that carry the star, with the other pillars as given. */
export function dayPillarsWith(name: string, over: Partial<PillarIndices> = {}): string[] {
  const out: string[] = [];
  for (let i = 0; i < 60; i++) {
    if (shenShaOf({ ...BASE, ...over, day: i }, 'male').day.includes(name)) out.push(at(GAN, ganOf(i)) + at(ZHI, zhiOf(i)));
  }
  return out;
}

/** Expands a verse table written by groups ('甲戊庚': '丑未') into one entry per key character. */
export function expand(table: Record<string, string>): [string, string][] {
  return Object.entries(table).flatMap(([keys, targets]) => [...keys].map((k): [string, string] => [k, targets]));
}

/** Sorts the characters of a target list in cycle order, so '未丑' and '丑未' compare equal. */
export function inCycleOrder(targets: string): string {
  const order = [...GAN, ...ZHI] as string[];
  return [...new Set(targets)].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join('');
}
