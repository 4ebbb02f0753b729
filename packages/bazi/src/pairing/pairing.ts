/**
 * 合婚: the facts the classical pairing methods look at, for two charts, with no score. Year branches and day
 * branches (合冲刑害破), day stems (五合/相冲), the day masters' elements (生克), the year pillars' 纳音 elements (年命
 * 生克, the oldest pairing method), and each person's 桃花, 红鸾 and 天喜 found in the other's pillars.
 */
import type { BaziChart } from '../chart/chart-types';
import { at, wuXingIndex, zhiIndex } from '../ganzhi/lookup';
import { GAN_ZHI_NAMES } from '../ganzhi/sexagenary';
import { WU_XING, type WuXing } from '../ganzhi/stems-branches';
import { relationsAmong, type RelationType } from '../relations/relations';
import { targetBranchesOf } from '../shensha/shen-sha';

export type Person = 'a' | 'b';
export type ElementRelation = '比和' | '相生' | '相克';

export interface PairRelation {
  readonly type: RelationType;
  readonly result_wu_xing?: WuXing;
}

export interface CharPair {
  readonly a: string;
  readonly b: string;
  readonly relations: readonly PairRelation[];
}

export interface ElementPair {
  readonly a: { readonly name: string; readonly wu_xing: WuXing };
  readonly b: { readonly name: string; readonly wu_xing: WuXing };
  readonly relation: ElementRelation;
  /** Who acts on whom: 'a' when a's element produces or controls b's, 'b' the other way, null for 比和. */
  readonly from: Person | null;
  /** e.g. '甲木生丙火', '庚金克甲木', '乙木与甲木比和'; for 纳音 '海中金生大海水'. */
  readonly text: string;
}

export interface StarFact {
  readonly star: '桃花' | '红鸾' | '天喜';
  /** Whose star it is. */
  readonly of: Person;
  /** The other person's pillars where it falls. */
  readonly pillars: readonly { readonly pillar: 'year' | 'month' | 'day' | 'hour'; readonly zhi: string }[];
}

export interface PairingFacts {
  readonly year_branch: CharPair;
  readonly day_branch: CharPair;
  readonly day_stem: CharPair;
  readonly day_master: ElementPair;
  readonly na_yin: ElementPair;
  readonly stars: readonly StarFact[];
}

const KEYS = ['year', 'month', 'day', 'hour'] as const;

function charPair(a: string, b: string, byStem: boolean): CharPair {
  const toIndex = (c: string) => GAN_ZHI_NAMES.findIndex((gz) => (byStem ? gz.startsWith(c) : gz.endsWith(c)));
  const rs = relationsAmong([
    { pillar: 'year', ganZhi: toIndex(a) },
    { pillar: 'day', ganZhi: toIndex(b) },
  ]).filter((r) => r.type.startsWith('天干') === byStem);
  return Object.freeze({
    a,
    b,
    relations: Object.freeze(
      rs.map((r) => Object.freeze(r.result_wu_xing ? { type: r.type, result_wu_xing: r.result_wu_xing } : { type: r.type })),
    ),
  });
}

/** `label` names a side in the text: a stem with its element ('甲木'), or a 纳音 alone ('海中金'). */
function elementPair(
  a: { name: string; wu_xing: WuXing },
  b: { name: string; wu_xing: WuXing },
  label: (x: { name: string; wu_xing: WuXing }) => string,
): ElementPair {
  const ea = wuXingIndex(a.wu_xing);
  const eb = wuXingIndex(b.wu_xing);
  const step = (eb - ea + 5) % 5; // 1: a produces b, 2: a controls b, 3: b controls a, 4: b produces a
  const [relation, from]: [ElementRelation, Person | null] =
    step === 0 ? ['比和', null] : step === 1 ? ['相生', 'a'] : step === 4 ? ['相生', 'b'] : step === 2 ? ['相克', 'a'] : ['相克', 'b'];
  const la = label(a);
  const lb = label(b);
  const verb = relation === '相生' ? '生' : '克';
  const text = from === null ? `${la}与${lb}比和` : from === 'a' ? `${la}${verb}${lb}` : `${lb}${verb}${la}`;
  return Object.freeze({ a: Object.freeze(a), b: Object.freeze(b), relation, from, text });
}

const indicesOf = (c: BaziChart) => ({
  year: GAN_ZHI_NAMES.indexOf(c.pillars.year.gan_zhi),
  month: GAN_ZHI_NAMES.indexOf(c.pillars.month.gan_zhi),
  day: GAN_ZHI_NAMES.indexOf(c.pillars.day.gan_zhi),
  hour: c.pillars.hour ? GAN_ZHI_NAMES.indexOf(c.pillars.hour.gan_zhi) : null,
});

function starsIn(of: Person, own: BaziChart, other: BaziChart): StarFact[] {
  const facts: StarFact[] = [];
  for (const star of ['桃花', '红鸾', '天喜'] as const) {
    const targets = targetBranchesOf(star, indicesOf(own));
    const pillars = KEYS.flatMap((k) => {
      const p = other.pillars[k];
      return p && targets.includes(zhiIndex(p.zhi)) ? [Object.freeze({ pillar: k, zhi: p.zhi })] : [];
    });
    if (pillars.length) facts.push(Object.freeze({ star, of, pillars: Object.freeze(pillars) }));
  }
  return facts;
}

const naYinElement = (naYin: string): WuXing => at(WU_XING, wuXingIndex(naYin.slice(-1)));

export function pairingFacts(a: BaziChart, b: BaziChart): PairingFacts {
  return Object.freeze({
    year_branch: charPair(a.pillars.year.zhi, b.pillars.year.zhi, false),
    day_branch: charPair(a.pillars.day.zhi, b.pillars.day.zhi, false),
    day_stem: charPair(a.pillars.day.gan, b.pillars.day.gan, true),
    day_master: elementPair(
      { name: a.day_master.gan, wu_xing: a.day_master.wu_xing },
      { name: b.day_master.gan, wu_xing: b.day_master.wu_xing },
      (x) => x.name + x.wu_xing,
    ),
    na_yin: elementPair(
      { name: a.pillars.year.na_yin, wu_xing: naYinElement(a.pillars.year.na_yin) },
      { name: b.pillars.year.na_yin, wu_xing: naYinElement(b.pillars.year.na_yin) },
      (x) => x.name,
    ),
    stars: Object.freeze([...starsIn('a', a, b), ...starsIn('b', b, a)]),
  });
}
