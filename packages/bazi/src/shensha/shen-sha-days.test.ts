/**
 * 神煞 that a pillar carries by being one of a list of 干支 (魁罡, 阴差阳错 …), and the rules that need more than
 * one key (元辰, 童子, 三奇, 空亡). Cases from each rule's source, written out independently of the rule tables.
 */
import { describe, expect, it } from 'vitest';
import { byName, pillar } from '../testing/pillars';
import { shenShaOf, SHEN_SHA_RULES } from './shen-sha';
import { dayPillarsWith } from './shen-sha-harness';

const sorted = (list: string) => list.split(' ').sort();

describe.each([
  ['魁罡', '庚辰 庚戌 壬辰 戊戌'],
  ['阴差阳错', '丙子 丁丑 戊寅 辛卯 壬辰 癸巳 丙午 丁未 戊申 辛酉 壬戌 癸亥'],
  ['十恶大败', '甲辰 乙巳 丙申 丁亥 戊戌 己丑 庚辰 辛巳 壬申 癸亥'],
  ['孤鸾', '乙巳 丁巳 辛亥 戊申 甲寅 戊午 壬子 丙午'],
  ['日德', '甲寅 丙辰 戊辰 庚辰 壬戌'],
  ['十灵', '甲辰 乙亥 丙辰 丁酉 戊午 庚戌 庚寅 辛亥 壬寅 癸未'],
  ['六秀', '丙午 丁未 戊子 戊午 己丑 己未'],
  ['八专', '甲寅 乙卯 丁未 戊戌 己未 庚申 辛酉 癸丑'],
  ['九丑', '丁酉 戊子 戊午 己卯 己酉 辛卯 辛酉 壬子 壬午'],
  ['金神', '乙丑 己巳 癸酉'],
])('%s', (name, days) => {
  it(`falls on exactly the day pillars ${days}`, () => {
    expect(dayPillarsWith(name).sort()).toEqual(sorted(days));
  });
  it('is never put on the year or month pillar', () => {
    const [first] = days.split(' ');
    const gz = byName(first ?? '');
    const stars = shenShaOf({ year: gz, month: gz, day: byName('甲子'), hour: byName('甲子') }, 'male');
    expect([...stars.year, ...stars.month]).not.toContain(name);
  });
});

it('puts 金神 on the hour pillar too (乙丑 己巳 癸酉 hours)', () => {
  const stars = shenShaOf({ year: byName('甲子'), month: byName('丙寅'), day: byName('甲子'), hour: byName('己巳') }, 'male');
  expect(stars.hour).toContain('金神');
});

describe('元辰: one branch after the year branch’s clash for a yang-year man or yin-year woman, one before it otherwise', () => {
  // 阳男阴女: 子年见未 丑年见申 寅年见酉 …; 阴男阳女: 子年见巳 丑年见午 寅年见未 …
  const AFTER = { 子: '未', 丑: '申', 寅: '酉', 卯: '戌', 辰: '亥', 巳: '子', 午: '丑', 未: '寅', 申: '卯', 酉: '辰', 戌: '巳', 亥: '午' };
  const BEFORE = { 子: '巳', 丑: '午', 寅: '未', 卯: '申', 辰: '酉', 巳: '戌', 午: '亥', 未: '子', 申: '丑', 酉: '寅', 戌: '卯', 亥: '辰' };
  const hourHas = (yearGz: number, target: string, gender: 'male' | 'female') =>
    shenShaOf({ year: yearGz, month: byName('丙寅'), day: byName('甲子'), hour: pillar(undefined, target) }, gender).hour.includes('元辰');
  it.each(Object.keys(AFTER))('for a %s year', (zhi) => {
    const year = pillar(undefined, zhi);
    const yang = ['子', '寅', '辰', '午', '申', '戌'].includes(zhi);
    const after = AFTER[zhi as keyof typeof AFTER];
    const before = BEFORE[zhi as keyof typeof BEFORE];
    expect(hourHas(year, after, yang ? 'male' : 'female')).toBe(true);
    expect(hourHas(year, before, yang ? 'male' : 'female')).toBe(false);
    expect(hourHas(year, before, yang ? 'female' : 'male')).toBe(true);
    expect(hourHas(year, after, yang ? 'female' : 'male')).toBe(false);
  });
});

describe('童子: season of the month and the year’s 纳音, on the day and hour branches', () => {
  const stars = (month: string, year: string, day: string, hour: string) =>
    shenShaOf({ year: byName(year), month: pillar(undefined, month), day: pillar(undefined, day), hour: pillar(undefined, hour) }, 'male');
  it('春秋寅子: a spring (卯) month puts it on a 寅 day and a 子 hour', () => {
    // 丙寅 year is 炉中火 (火: 酉戌 by 纳音), so 寅 and 子 come from the season alone.
    const s = stars('卯', '丙寅', '寅', '子');
    expect(s.day).toContain('童子');
    expect(s.hour).toContain('童子');
  });
  it('冬夏卯未辰: a summer (午) month puts it on 未, not on 寅', () => {
    const s = stars('午', '丙寅', '未', '寅');
    expect(s.day).toContain('童子');
    expect(s.hour).not.toContain('童子');
  });
  it('金木午卯, 水火酉戌, 土辰巳 by the year 纳音', () => {
    expect(stars('午', '甲子', '午', '丑').day).toContain('童子'); // 甲子 海中金
    expect(stars('午', '丙寅', '戌', '丑').day).toContain('童子'); // 丙寅 炉中火
    expect(stars('卯', '庚午', '巳', '丑').day).toContain('童子'); // 庚午 路旁土
    expect(stars('卯', '庚午', '午', '丑').day).not.toContain('童子');
  });
  it('is never on the year or month pillar', () => {
    const s = stars('卯', '丙寅', '寅', '子');
    expect([...s.year, ...s.month]).not.toContain('童子');
  });
});

describe('三奇贵人: three stems in order in year-month-day or month-day-hour', () => {
  const chart = (stems: string) => {
    const [y, m, d, h] = [...stems];
    return shenShaOf({ year: pillar(y), month: pillar(m), day: pillar(d), hour: pillar(h) }, 'male');
  };
  it.each(['甲戊庚', '乙丙丁', '壬癸辛'])('marks %s in the year, month and day', (three) => {
    const s = chart(`${three}甲`);
    expect([s.year, s.month, s.day].every((p) => p.includes('三奇贵人'))).toBe(true);
  });
  it('marks month, day and hour for 乙丙丁 there, not the year', () => {
    const s = chart('甲乙丙丁');
    expect(s.year).not.toContain('三奇贵人');
    expect([s.month, s.day, s.hour].every((p) => p.includes('三奇贵人'))).toBe(true);
  });
  it('needs the order: 庚戊甲 is not 三奇', () => {
    const s = chart('庚戊甲乙');
    expect([...s.year, ...s.month, ...s.day, ...s.hour]).not.toContain('三奇贵人');
  });
});

describe('空亡: the two void branches of the day pillar’s decade, on the other pillars', () => {
  it('甲子 day (甲子旬, 戌亥空) marks a 戌 year and a 亥 hour, not the day itself', () => {
    const s = shenShaOf({ year: byName('壬戌'), month: byName('丙寅'), day: byName('甲子'), hour: byName('乙亥') }, 'male');
    expect(s.year).toContain('空亡');
    expect(s.hour).toContain('空亡');
    expect(s.month).not.toContain('空亡');
    expect(s.day).not.toContain('空亡');
  });
  it('癸酉 day is of the same decade; 甲戌 day starts the next (申酉空)', () => {
    const hour = byName('壬申');
    expect(shenShaOf({ year: byName('丙寅'), month: byName('丙寅'), day: byName('癸酉'), hour }, 'male').hour).not.toContain('空亡');
    expect(shenShaOf({ year: byName('丙寅'), month: byName('丙寅'), day: byName('甲戌'), hour }, 'male').hour).toContain('空亡');
  });
});

describe('the rule set', () => {
  it('has at least 40 documented rules, each with a source, a lookup and a meaning', () => {
    expect(SHEN_SHA_RULES.length).toBeGreaterThanOrEqual(40);
    for (const r of SHEN_SHA_RULES) {
      expect(r.source.length, r.name).toBeGreaterThan(4);
      expect(r.how.length, r.name).toBeGreaterThan(4);
      expect(r.meaning.length, r.name).toBeGreaterThan(1);
      expect(r.on.length, r.name).toBeGreaterThan(0);
    }
    expect(new Set(SHEN_SHA_RULES.map((r) => r.name)).size).toBe(SHEN_SHA_RULES.length);
  });
  it('covers every star the product lists', () => {
    const names = new Set(SHEN_SHA_RULES.map((r) => r.name));
    const wanted =
      '天乙贵人 太极贵人 天德贵人 月德贵人 文昌贵人 国印贵人 福星贵人 天厨 学堂 词馆 驿马 桃花 红鸾 天喜 华盖 将星 禄神 羊刃 飞刃 金舆 天医 魁罡 阴差阳错 十恶大败 孤鸾 孤辰 寡宿 劫煞 亡神 灾煞 元辰 血刃 勾绞 天罗地网 童子 红艳 流霞 空亡';
    expect(wanted.split(' ').filter((n) => !names.has(n))).toEqual([]);
  });
  it('leaves the hour pillar empty when the birth hour is unknown', () => {
    const s = shenShaOf({ year: byName('甲子'), month: byName('丙寅'), day: byName('甲子'), hour: null }, 'male');
    expect(s.hour).toEqual([]);
    expect(s.year.length + s.month.length + s.day.length).toBeGreaterThan(0);
  });
});
