/**
 * 神煞 looked up from the day stem (and the year stem): one table test per rule, the cases written out from the
 * rule's classical verse or stated construction (see docs/bazi-shen-sha.md), independently of the rule tables.
 */
import { describe, expect, it } from 'vitest';
import { lifeStage } from '../ganzhi/life-stages';
import { GAN, ZHI } from '../ganzhi/stems-branches';
import { byName, pillar } from '../testing/pillars';
import { expand, hourBranchesWith, inCycleOrder, keyedChart, ruleNamed } from './shen-sha-harness';
import { shenShaOf } from './shen-sha';

/** The branch where a stem stands in a life stage (十二长生), e.g. 甲's 临官 (禄) is 寅. */
const stageBranch = (gan: string, stage: string) => ZHI.find((z) => lifeStage(GAN.indexOf(gan as never), ZHI.indexOf(z)) === stage) ?? '';
const shift = (zhi: string, n: number) => ZHI[(ZHI.indexOf(zhi as never) + n + 120) % 12] ?? '';
/** 禄: the yang stem's 临官; a yin stem takes the 临官 of the yang stem of its element (乙 卯, 丁己 午 …). */
const lu = (gan: string) => stageBranch(GAN[GAN.indexOf(gan as never) & ~1] ?? '', '临官');
const luOfYin = (gan: string) => (GAN.indexOf(gan as never) % 2 === 0 ? lu(gan) : shift(lu(gan), 1));

const cases = (verse: Record<string, string>) => expand(verse).map(([k, t]) => [k, inCycleOrder(t)] as const);

describe.each([
  ['天乙贵人', { 甲戊庚: '丑未', 乙己: '子申', 丙丁: '亥酉', 壬癸: '卯巳', 辛: '午寅' }],
  ['太极贵人', { 甲乙: '子午', 丙丁: '酉卯', 戊己: '辰戌丑未', 庚辛: '寅亥', 壬癸: '巳申' }],
  ['文昌贵人', { 甲: '巳', 乙: '午', 丙戊: '申', 丁己: '酉', 庚: '亥', 辛: '子', 壬: '寅', 癸: '卯' }],
  ['国印贵人', { 甲: '戌', 乙: '亥', 丙戊: '丑', 丁己: '寅', 庚: '辰', 辛: '巳', 壬: '未', 癸: '申' }],
  ['福星贵人', { 甲丙: '寅子', 戊: '申', 己: '未', 丁: '亥', 乙癸: '丑卯', 庚: '午', 辛: '巳', 壬: '辰' }],
])('%s, from the day stem and the year stem', (name, verse) => {
  it.each(cases(verse))('with %s as the key marks the branches %s', (key, targets) => {
    expect(hourBranchesWith(name, key)).toBe(targets);
  });
  it('is found from the year stem alone', () => {
    const [key, targets] = cases(verse)[0] ?? ['', ''];
    const target = targets[0] ?? '';
    // A day stem that does not point at the target, so only the year stem can put the star there.
    const other = GAN.find((g) => !hourBranchesWith(name, g).includes(target)) ?? '';
    const chart = { ...keyedChart(['year_stem'], key), day: pillar(other), hour: pillar(undefined, target) };
    expect(shenShaOf(chart, 'male').hour).toContain(name);
    expect(shenShaOf({ ...chart, year: pillar(other) }, 'male').hour).not.toContain(name);
  });
});

describe('stars placed by the life stages of the day stem', () => {
  it.each([...GAN])('天厨 for %s is the 临官 of its 食神 (the stem two after it)', (gan) => {
    const shiShen = GAN[(GAN.indexOf(gan) + 2) % 10] ?? '';
    expect(hourBranchesWith('天厨', gan)).toBe(luOfYin(shiShen));
  });
  it.each([...GAN])('禄神 for %s is its 临官 (禄)', (gan) => {
    expect(hourBranchesWith('禄神', gan)).toBe(luOfYin(gan));
  });
  it.each([...GAN])('羊刃 for %s is one branch past its 禄 (禄前一位为刃)', (gan) => {
    expect(hourBranchesWith('羊刃', gan)).toBe(shift(luOfYin(gan), 1));
  });
  it.each([...GAN])('飞刃 for %s is the clash of its 羊刃', (gan) => {
    expect(hourBranchesWith('飞刃', gan)).toBe(shift(luOfYin(gan), 7));
  });
  it.each([...GAN])('金舆 for %s is two branches past its 禄 (禄前二辰)', (gan) => {
    expect(hourBranchesWith('金舆', gan)).toBe(shift(luOfYin(gan), 2));
  });
  it('takes 禄神, 羊刃 and 飞刃 from the day stem only, never from the year stem', () => {
    expect(ruleNamed('禄神').from).toEqual(['day_stem']);
    const chart = { year: byName('甲子'), month: byName('丙申'), day: byName('庚午'), hour: byName('丙寅') };
    expect(shenShaOf(chart, 'male').hour).not.toContain('禄神');
  });
});

describe.each([
  ['红艳', { 丙: '寅', 辛: '酉', 癸: '申', 丁: '未', 甲: '午', 乙: '申', 庚: '戌', 戊己: '辰', 壬: '子' }],
  ['流霞', { 甲: '酉', 乙: '戌', 丙: '未', 丁: '申', 戊: '巳', 己: '午', 庚: '辰', 辛: '卯', 壬: '亥', 癸: '寅' }],
])('%s, from the day stem', (name, verse) => {
  it.each(cases(verse))('with %s as the day stem marks %s', (key, targets) => {
    expect(hourBranchesWith(name, key)).toBe(targets);
  });
});
