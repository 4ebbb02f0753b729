/**
 * 神煞 looked up from the year branch, the day branch, the month branch and the year's 纳音: one table test per
 * rule, the cases written out from the rule's verse or stated construction, independently of the rule tables.
 */
import { describe, expect, it } from 'vitest';
import { GAN, ZHI } from '../ganzhi/stems-branches';
import { byName, pillar } from '../testing/pillars';
import { shenShaOf } from './shen-sha';
import { expand, hourBranchesWith, hourPillarsWith, hourStemsWith, inCycleOrder, ruleNamed, dayPillarsWith } from './shen-sha-harness';

const shift = (zhi: string, n: number) => ZHI[(ZHI.indexOf(zhi as never) + n + 120) % 12] ?? '';
const cases = (verse: Record<string, string>) => expand(verse).map(([k, t]) => [k, inCycleOrder(t)] as const);
/** The 三合 groups by their 长生, 帝旺 and 墓 branches. */
const TRINES = { 申子辰: ['申', '子', '辰'], 寅午戌: ['寅', '午', '戌'], 巳酉丑: ['巳', '酉', '丑'], 亥卯未: ['亥', '卯', '未'] };
const byTrine = (pick: (g: string[]) => string) => Object.fromEntries(Object.entries(TRINES).map(([k, g]) => [k, pick(g)]));

describe.each([
  // 驿马 is the clash of the group's 长生; 将星 its 帝旺; 华盖 its 墓; 桃花 (咸池) the 沐浴, one past the 长生.
  ['驿马', byTrine((g) => shift(g[0] ?? '', 6))],
  ['将星', byTrine((g) => g[1] ?? '')],
  ['华盖', byTrine((g) => g[2] ?? '')],
  ['桃花', byTrine((g) => shift(g[0] ?? '', 1))],
  // 劫煞 is the group's 绝 (the branch after its 墓), 亡神 its 临官 (three past the 长生).
  ['劫煞', byTrine((g) => shift(g[2] ?? '', 1))],
  ['亡神', byTrine((g) => shift(g[0] ?? '', 3))],
  ['天罗地网', { 戌: '亥', 亥: '戌', 辰: '巳', 巳: '辰' }],
])('%s, from the year branch and the day branch', (name, verse) => {
  it.each(cases(verse))('with %s as the key marks %s', (key, targets) => {
    expect(hourBranchesWith(name, key)).toBe(targets);
  });
});

describe('the 三合 stars count the key pillar itself and either key', () => {
  it('marks 华盖 on a 辰 year pillar looked up from its own branch, and 驿马 on the hour from the day branch alone', () => {
    const chart = { year: byName('甲辰'), month: byName('丙寅'), day: byName('丁卯'), hour: byName('辛亥') };
    const stars = shenShaOf(chart, 'male');
    expect(stars.year).toContain('华盖');
    // 卯 (day) is of 亥卯未, whose 驿马 is 巳; 辰 (year) of 申子辰, 驿马 寅: the month pillar 丙寅 carries it.
    expect(stars.month).toContain('驿马');
    expect(stars.hour).not.toContain('驿马');
  });
});

describe.each([
  ['红鸾', Object.fromEntries(ZHI.map((z) => [z, shift('卯', -ZHI.indexOf(z))]))],
  ['天喜', Object.fromEntries(ZHI.map((z) => [z, shift('卯', 6 - ZHI.indexOf(z))]))],
  ['勾绞', Object.fromEntries(ZHI.map((z) => [z, shift(z, 3) + shift(z, -3)]))],
  ['丧门', Object.fromEntries(ZHI.map((z) => [z, shift(z, 2)]))],
  ['吊客', Object.fromEntries(ZHI.map((z) => [z, shift(z, -2)]))],
  ['灾煞', { 申子辰: '午', 寅午戌: '子', 巳酉丑: '卯', 亥卯未: '酉' }],
  ['孤辰', { 亥子丑: '寅', 寅卯辰: '巳', 巳午未: '申', 申酉戌: '亥' }],
  ['寡宿', { 亥子丑: '戌', 寅卯辰: '丑', 巳午未: '辰', 申酉戌: '未' }],
])('%s, from the year branch', (name, verse) => {
  it.each(cases(verse))('with a %s year marks %s', (key, targets) => {
    expect(hourBranchesWith(name, key)).toBe(targets);
  });
  it('is not looked up from the day branch', () => {
    expect(ruleNamed(name).from).toEqual(['year_branch']);
  });
});

describe.each([
  ['天医', Object.fromEntries(ZHI.map((z) => [z, shift(z, -1)]))],
  ['血刃', { 寅: '丑', 卯: '未', 辰: '寅', 巳: '申', 午: '卯', 未: '酉', 申: '辰', 酉: '戌', 戌: '巳', 亥: '亥', 子: '午', 丑: '子' }],
])('%s, from the month branch', (name, verse) => {
  it.each(cases(verse))('in a %s month marks %s', (key, targets) => {
    expect(hourBranchesWith(name, key)).toBe(targets);
  });
});

describe.each([
  ['月德贵人', { 寅午戌: '丙', 申子辰: '壬', 亥卯未: '甲', 巳酉丑: '庚' }],
  // 月德合: the stem that combines (五合) with the 月德 stem: 丙辛, 壬丁, 甲己, 庚乙.
  ['月德合', { 寅午戌: '辛', 申子辰: '丁', 亥卯未: '己', 巳酉丑: '乙' }],
])('%s, from the month branch, on stems', (name, verse) => {
  it.each(cases(verse))('in a %s month marks the stem %s', (key, targets) => {
    expect(hourStemsWith(name, key)).toBe(targets);
  });
});

describe('天德贵人 and 天德合, from the month branch, on stems or branches', () => {
  // 正丁二申宫，三壬四辛同，五亥六甲上，七癸八寅逢，九丙十居乙，子巳丑庚中
  const TIAN_DE = {
    寅: '丁',
    卯: '申',
    辰: '壬',
    巳: '辛',
    午: '亥',
    未: '甲',
    申: '癸',
    酉: '寅',
    戌: '丙',
    亥: '乙',
    子: '巳',
    丑: '庚',
  };
  const combine = (c: string) =>
    GAN.includes(c as never) ? (GAN[(GAN.indexOf(c as never) + 5) % 10] ?? '') : (ZHI[(13 - ZHI.indexOf(c as never)) % 12] ?? '');
  it.each(Object.entries(TIAN_DE))('in a %s month marks every pillar with %s, and 天德合 its combination', (month, target) => {
    const hits = [...hourPillarsWith('天德贵人', month)];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((gz) => gz.includes(target))).toBe(true);
    expect(hits).toHaveLength(GAN.includes(target as never) ? 6 : 5);
    const he = [...hourPillarsWith('天德合', month)];
    expect(he.every((gz) => gz.includes(combine(target)))).toBe(true);
    expect(he.length).toBeGreaterThan(0);
  });
});

describe.each([
  ['学堂', { 金: '巳', 木: '亥', 水: '申', 土: '申', 火: '寅' }],
  ['词馆', { 金: '申', 木: '寅', 水: '亥', 土: '亥', 火: '巳' }],
])('%s, from the year pillar’s 纳音 element', (name, verse) => {
  it.each(Object.entries(verse))('for a %s 纳音 year marks %s', (element, target) => {
    expect(hourBranchesWith(name, element)).toBe(target);
  });
});

describe('天赦 and 四废, from the month branch, on the day pillar', () => {
  const SEASONS = { 春: '寅卯辰', 夏: '巳午未', 秋: '申酉戌', 冬: '亥子丑' };
  const TIAN_SHE = { 春: ['戊寅'], 夏: ['甲午'], 秋: ['戊申'], 冬: ['甲子'] };
  const SI_FEI = { 春: ['庚申', '辛酉'], 夏: ['壬子', '癸亥'], 秋: ['甲寅', '乙卯'], 冬: ['丙午', '丁巳'] };
  it.each(Object.entries(SEASONS))('in %s months (%s) gives exactly the season’s days', (season, months) => {
    for (const m of months) {
      const month = pillar(undefined, m);
      expect(dayPillarsWith('天赦', { month })).toEqual(TIAN_SHE[season as keyof typeof TIAN_SHE]);
      expect(dayPillarsWith('四废', { month }).sort()).toEqual([...SI_FEI[season as keyof typeof SI_FEI]].sort());
    }
  });
});
