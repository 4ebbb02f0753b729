import { LunarUtil } from 'lunar-javascript';
import { EarthBranch, HeavenStem } from 'tyme4ts';
import { describe, expect, it } from 'vitest';
import { GAN, ZHI } from '../ganzhi/stems-branches';
import { byName, pillar } from '../testing/pillars';
import { relationsAmong, type Relation, type RelationInput, type RelationPillar } from './relations';

const KEYS = ['year', 'month', 'day', 'hour'] as const;
const chart = (...gz: string[]): RelationInput[] => gz.map((g, i) => ({ pillar: KEYS[i] ?? 'hour', ganZhi: byName(g) }));
const text = (r: Relation) =>
  `${r.type}:${r.members.map((m) => `${m.pillar}${m.char}`).join('+')}${r.result_wu_xing ? `→${r.result_wu_xing}` : ''}`;
const all = (...gz: string[]) => relationsAmong(chart(...gz)).map(text);
const pair = (a: string, b: string) =>
  relationsAmong([
    { pillar: 'year', ganZhi: pillar(undefined, a) },
    { pillar: 'day', ganZhi: pillar(undefined, b) },
  ])
    .filter((r) => r.type !== '天干五合' && r.type !== '天干相冲')
    .map((r) => r.type);

describe('stem relations', () => {
  it.each([
    ['甲', '己', '土'],
    ['乙', '庚', '金'],
    ['丙', '辛', '水'],
    ['丁', '壬', '木'],
    ['戊', '癸', '火'],
  ])('%s%s 五合 化%s', (a, b, wx) => {
    const rs = relationsAmong([
      { pillar: 'month', ganZhi: pillar(a) },
      { pillar: 'hour', ganZhi: pillar(b) },
    ]);
    expect(rs.filter((r) => r.type === '天干五合').map(text)).toEqual([`天干五合:month${a}+hour${b}→${wx}`]);
  });
  it.each([
    ['甲', '庚'],
    ['乙', '辛'],
    ['丙', '壬'],
    ['丁', '癸'],
  ])('%s%s 相冲', (a, b) => {
    const rs = relationsAmong([
      { pillar: 'year', ganZhi: pillar(a) },
      { pillar: 'hour', ganZhi: pillar(b) },
    ]);
    expect(rs.filter((r) => r.type.startsWith('天干')).map(text)).toEqual([`天干相冲:year${a}+hour${b}`]);
  });
  it('gives 戊 and 己 no clash (they sit in the centre)', () => {
    for (const g of GAN) {
      const rs = relationsAmong([
        { pillar: 'year', ganZhi: pillar('戊') },
        { pillar: 'day', ganZhi: pillar(g) },
      ]);
      expect(rs.some((r) => r.type === '天干相冲')).toBe(false);
    }
  });
});

describe('branch relations by pairs', () => {
  it.each([
    ['子', '丑', ['六合']],
    ['寅', '亥', ['六合', '相破']],
    ['子', '午', ['六冲']],
    ['寅', '巳', ['相刑', '六害']],
    ['巳', '申', ['六合', '相刑', '相破']],
    ['子', '卯', ['相刑']],
    ['丑', '戌', ['相刑']],
    ['未', '戌', ['相刑', '相破']],
    ['辰', '辰', ['自刑']],
    ['子', '子', []],
    ['子', '酉', ['相破']],
    ['卯', '辰', ['六害']],
    ['申', '子', ['半合']],
    ['子', '辰', ['半合']],
    ['申', '辰', []],
  ])('%s and %s: %j', (a, b, types) => {
    expect(pair(a, b)).toEqual(types);
  });
  it('gives 六合 their elements: 子丑土 寅亥木 卯戌火 辰酉金 巳申水 午未土', () => {
    const elements = ['子丑', '寅亥', '卯戌', '辰酉', '巳申', '午未'].map(([a = '', b = '']) => {
      const r = relationsAmong([
        { pillar: 'year', ganZhi: pillar(undefined, a) },
        { pillar: 'day', ganZhi: pillar(undefined, b) },
      ]).find((x) => x.type === '六合');
      return r?.result_wu_xing;
    });
    expect(elements.join('')).toBe('土木火金水土');
  });
});

describe('three-branch relations', () => {
  it('lists a complete 三合 once with every pillar that holds it, and drops its halves', () => {
    expect(all('壬申', '庚子', '甲辰', '丙子')).toEqual([
      '天干相冲:year壬+hour丙',
      '天干相冲:month庚+day甲',
      '三合:year申+month子+day辰+hour子→水',
    ]);
    const rs = relationsAmong(chart('壬申', '庚子', '甲辰', '丙子'));
    expect(rs.filter((r) => r.type === '半合')).toEqual([]);
    expect(rs.find((r) => r.type === '三合')?.members.map((m) => m.pillar)).toEqual(['year', 'month', 'day', 'hour']);
  });
  it('finds 三会 寅卯辰 木', () => {
    expect(
      relationsAmong(chart('甲寅', '丁卯', '甲辰', '甲子'))
        .filter((r) => r.type === '三会')
        .map(text),
    ).toEqual(['三会:year寅+month卯+day辰→木']);
  });
  it('keeps only the relations with the luck cycle or year when asked', () => {
    const members: RelationInput[] = [
      ...chart('甲子', '丙寅', '戊辰', '庚申'),
      { pillar: 'liu_nian' as RelationPillar, ganZhi: byName('丙午') },
    ];
    const rs = relationsAmong(members, ['liu_nian']);
    expect(rs.length).toBeGreaterThan(0);
    expect(rs.every((r) => r.members.some((m) => m.pillar === 'liu_nian'))).toBe(true);
    expect(rs.map(text)).toContain('六冲:year子+liu_nian午');
  });
});

/** lunar-javascript leaves CHONG_GAN_4 as i18n keys ('{tg.geng}'): map them to the stems. */
const PINYIN = ['jia', 'yi', 'bing', 'ding', 'wu', 'ji', 'geng', 'xin', 'ren', 'gui'];
const stemOfKey = (key: string) => GAN[PINYIN.indexOf(key.replace(/^\{tg\.|\}$/g, ''))] ?? '';

describe('against the almanac libraries’ tables, for every pair', () => {
  it('agrees with tyme4ts and lunar-javascript on 六合 (and its element), 六冲 and 六害', () => {
    for (const a of ZHI) {
      for (const b of ZHI) {
        const ours = pair(a, b);
        const ea = EarthBranch.fromName(a);
        const eb = EarthBranch.fromName(b);
        expect(ours.includes('六合'), a + b).toBe(ea.getCombine().getName() === b);
        expect(ours.includes('六合'), a + b).toBe(LunarUtil.HE_ZHI_6[ZHI.indexOf(a)] === b);
        expect(ours.includes('六冲'), a + b).toBe(ea.getOpposite().getName() === b);
        expect(ours.includes('六冲'), a + b).toBe(LunarUtil.CHONG[ZHI.indexOf(a)] === b);
        expect(ours.includes('六害'), a + b).toBe(ea.getHarm().getName() === b);
        const combined = ea.combine(eb);
        if (combined) {
          const r = relationsAmong([
            { pillar: 'year', ganZhi: pillar(undefined, a) },
            { pillar: 'day', ganZhi: pillar(undefined, b) },
          ]).find((x) => x.type === '六合');
          expect(r?.result_wu_xing).toBe(combined.getName());
        }
      }
    }
  });
  it('agrees with tyme4ts and lunar-javascript on 五合 (and its element) and the four stem clashes', () => {
    for (const a of GAN) {
      for (const b of GAN) {
        const rs = relationsAmong([
          { pillar: 'year', ganZhi: pillar(a) },
          { pillar: 'day', ganZhi: pillar(b) },
        ]);
        const he = rs.find((r) => r.type === '天干五合');
        expect(Boolean(he), a + b).toBe(HeavenStem.fromName(a).getCombine().getName() === b);
        expect(Boolean(he), a + b).toBe(LunarUtil.HE_GAN_5[GAN.indexOf(a)] === b);
        if (he) expect(he.result_wu_xing).toBe(HeavenStem.fromName(a).combine(HeavenStem.fromName(b))?.getName());
        expect(
          rs.some((r) => r.type === '天干相冲'),
          a + b,
        ).toBe(stemOfKey(LunarUtil.CHONG_GAN_4[GAN.indexOf(a)] ?? '') === b);
      }
    }
  });
});
