/**
 * 刑冲合害: the combinations and clashes among pillars. Stems: 五合 (甲己 乙庚 丙辛 丁壬 戊癸) and 相冲 (甲庚 乙辛
 * 丙壬 丁癸; 戊己 sit in the centre and clash with nothing). Branches: 六合, 三合 (all three of a group), 半合 (the
 * group's middle branch with one other, when the group is not complete), 三会, 六冲, 相刑 (寅巳申, 丑戌未 by pairs,
 * 子卯), 自刑 (辰午酉亥 twice), 六害 and 相破. Tables as in 《渊海子平》 and 《三命通会》.
 *
 * Every pair's relations are worked out once at load (100 stem pairs, 144 branch pairs) and every relation object is
 * built once and shared, so a chart's relations are table lookups.
 */
import { GAN_ZHI_NAMES, ganOf, zhiOf } from '../ganzhi/sexagenary';
import { GAN, WU_XING, ZHI, type WuXing } from '../ganzhi/stems-branches';

export type RelationPillar = 'year' | 'month' | 'day' | 'hour' | 'da_yun' | 'liu_nian' | 'liu_yue';
const PILLARS: readonly RelationPillar[] = ['year', 'month', 'day', 'hour', 'da_yun', 'liu_nian', 'liu_yue'];

export const RELATION_TYPES = ['天干五合', '天干相冲', '六合', '三合', '半合', '三会', '六冲', '相刑', '自刑', '六害', '相破'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

export interface RelationMember {
  readonly pillar: RelationPillar;
  readonly char: string;
}

export interface Relation {
  readonly type: RelationType;
  readonly members: readonly RelationMember[];
  /** The element a combination turns into (合化), for 五合, 六合, 三合, 半合 and 三会. */
  readonly result_wu_xing?: WuXing;
}

export interface RelationInput {
  readonly pillar: RelationPillar;
  /** Sixty-cycle index. */
  readonly ganZhi: number;
}

/** 甲己土 乙庚金 丙辛水 丁壬木 戊癸火: the element of the combination of stem g with g + 5, by g. */
const STEM_COMBINE_ELEMENT = [2, 3, 4, 0, 1];
/** 子丑土 寅亥木 卯戌火 辰酉金 巳申水 午未土, keyed by the lower branch index of the pair. */
const SIX_COMBINE_ELEMENT: Readonly<Record<number, number>> = { 0: 2, 2: 0, 3: 1, 4: 3, 5: 4, 6: 2 };
/** 三合 groups (长生, 帝旺, 墓) with their elements: 申子辰水 亥卯未木 寅午戌火 巳酉丑金. */
const TRINES = [
  { branches: [8, 0, 4], element: 4 },
  { branches: [11, 3, 7], element: 0 },
  { branches: [2, 6, 10], element: 1 },
  { branches: [5, 9, 1], element: 3 },
];
/** 三会 directions: 寅卯辰木 巳午未火 申酉戌金 亥子丑水. */
const MEETINGS = [
  { branches: [2, 3, 4], element: 0 },
  { branches: [5, 6, 7], element: 1 },
  { branches: [8, 9, 10], element: 3 },
  { branches: [11, 0, 1], element: 4 },
];
/** 寅巳申 无恩之刑, 丑戌未 恃势之刑, 子卯 无礼之刑. */
const PUNISH_GROUPS = [
  [2, 5, 8],
  [1, 10, 7],
  [0, 3],
];
/** 辰午酉亥 punish themselves. */
const SELF_PUNISH = [4, 6, 9, 11];
/** 子未 丑午 寅巳 卯辰 申亥 酉戌. */
const HARM = [
  [0, 7],
  [1, 6],
  [2, 5],
  [3, 4],
  [8, 11],
  [9, 10],
];
/** 子酉 卯午 辰丑 未戌 寅亥 巳申. */
const BREAK = [
  [0, 9],
  [3, 6],
  [4, 1],
  [7, 10],
  [2, 11],
  [5, 8],
];

const isPair = (pairs: number[][], a: number, b: number) => pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
const elementName = (i: number): WuXing => WU_XING[i] ?? '土';
const TYPE_RANK = Object.fromEntries(RELATION_TYPES.map((t, i) => [t, i])) as Record<RelationType, number>;

interface PairKind {
  readonly type: RelationType;
  readonly element: number | null;
  /** For 半合: the 三合 group it belongs to (dropped when the group is complete). */
  readonly trine: number | null;
}

function stemPairKinds(a: number, b: number): PairKind[] {
  const out: PairKind[] = [];
  if (Math.abs(a - b) === 5) out.push({ type: '天干五合', element: STEM_COMBINE_ELEMENT[Math.min(a, b)] ?? 2, trine: null });
  if (Math.abs(a - b) === 6 && a >> 1 !== 2 && b >> 1 !== 2) out.push({ type: '天干相冲', element: null, trine: null });
  return out;
}

function branchPairKinds(a: number, b: number): PairKind[] {
  const out: PairKind[] = [];
  if ((a + b) % 12 === 1) out.push({ type: '六合', element: SIX_COMBINE_ELEMENT[Math.min(a, b)] ?? 2, trine: null });
  TRINES.forEach((t, i) => {
    const [start, middle, end] = t.branches;
    if ((a === middle && (b === start || b === end)) || (b === middle && (a === start || a === end))) {
      out.push({ type: '半合', element: t.element, trine: i });
    }
  });
  if ((a - b + 12) % 12 === 6) out.push({ type: '六冲', element: null, trine: null });
  if (a !== b && PUNISH_GROUPS.some((g) => g.includes(a) && g.includes(b))) out.push({ type: '相刑', element: null, trine: null });
  if (a === b && SELF_PUNISH.includes(a)) out.push({ type: '自刑', element: null, trine: null });
  if (isPair(HARM, a, b)) out.push({ type: '六害', element: null, trine: null });
  if (isPair(BREAK, a, b)) out.push({ type: '相破', element: null, trine: null });
  return out;
}

const STEM_PAIRS: readonly PairKind[][] = Array.from({ length: 100 }, (_, k) => stemPairKinds(Math.floor(k / 10), k % 10));
const BRANCH_PAIRS: readonly PairKind[][] = Array.from({ length: 144 }, (_, k) => branchPairKinds(Math.floor(k / 12), k % 12));

const memberCache: (RelationMember | undefined)[] = [];
function member(pillar: number, char: string, charIndex: number): RelationMember {
  const key = pillar * 32 + charIndex;
  let m = memberCache[key];
  if (!m) {
    m = Object.freeze({ pillar: PILLARS[pillar] ?? 'year', char });
    memberCache[key] = m;
  }
  return m;
}

/** One frozen relation per (kind, pillar pair, characters): at most a few thousand, built as they are first met. */
const pairCache = new Map<number, Relation>();
function pairRelation(kind: PairKind, kindIndex: number, stem: boolean, pa: number, ca: number, pb: number, cb: number): Relation {
  const key = ((((kindIndex * 2 + (stem ? 1 : 0)) * 8 + pa) * 12 + ca) * 8 + pb) * 12 + cb;
  let r = pairCache.get(key);
  if (!r) {
    const chars = stem ? GAN : ZHI;
    const members = Object.freeze([member(pa, chars[ca] ?? '', ca + (stem ? 12 : 0)), member(pb, chars[cb] ?? '', cb + (stem ? 12 : 0))]);
    r = Object.freeze(
      kind.element === null ? { type: kind.type, members } : { type: kind.type, members, result_wu_xing: elementName(kind.element) },
    );
    pairCache.set(key, r);
  }
  return r;
}

const groupMask = (branches: number[]) => branches.reduce((m, b) => m | (1 << b), 0);
const TRINE_MASKS = TRINES.map((g) => groupMask(g.branches));
const MEETING_MASKS = MEETINGS.map((g) => groupMask(g.branches));

/** Complete groups among the branches present (`present`: one bit per branch); returns the complete groups' bits. */
function groupRelations(
  ms: readonly RelationInput[],
  present: number,
  type: '三合' | '三会',
  groups: typeof TRINES,
  masks: number[],
  out: Relation[],
): number {
  let complete = 0;
  for (let i = 0; i < masks.length; i++) {
    const mask = masks[i] ?? 0;
    const g = groups[i];
    if ((present & mask) !== mask || !g) continue;
    complete |= 1 << i;
    const holders = ms.filter((m) => mask & (1 << zhiOf(m.ganZhi)));
    const members = holders.map((m) => member(PILLARS.indexOf(m.pillar), ZHI[zhiOf(m.ganZhi)] ?? '', zhiOf(m.ganZhi)));
    out.push(Object.freeze({ type, members: Object.freeze(members), result_wu_xing: elementName(g.element) }));
  }
  return complete;
}

/** relationsAmong for pillars given as 干支 text ('甲子'), e.g. a chart's pillars and a month of its timeline. */
export function relationsOfPillars(
  pillars: readonly { readonly pillar: RelationPillar; readonly gan_zhi: string }[],
  involving?: readonly RelationPillar[],
): Relation[] {
  const members: RelationInput[] = [];
  for (const p of pillars) {
    const ganZhi = GAN_ZHI_NAMES.indexOf(p.gan_zhi);
    if (ganZhi < 0) throw new RangeError(`${p.gan_zhi} is not a sexagenary pillar`);
    members.push({ pillar: p.pillar, ganZhi });
  }
  return relationsAmong(members, involving);
}

/** A stable insertion sort by RELATION_TYPES order: the lists hold a handful of relations (no comparator closure). */
function byType(list: Relation[]): Relation[] {
  for (let i = 1; i < list.length; i++) {
    const r = list[i] as Relation;
    const rank = TYPE_RANK[r.type];
    let j = i - 1;
    while (j >= 0 && TYPE_RANK[(list[j] as Relation).type] > rank) {
      list[j + 1] = list[j] as Relation;
      j--;
    }
    list[j + 1] = r;
  }
  return list;
}

const involves = (r: Relation, pillars: readonly RelationPillar[]) => r.members.some((m) => pillars.includes(m.pillar));

/**
 * Every relation among the members, in the order of RELATION_TYPES and then of the members. With `involving`, only
 * relations that include at least one member of those pillars (the luck cycle and year against the natal chart).
 */
export function relationsAmong(members: readonly RelationInput[], involving?: readonly RelationPillar[]): Relation[] {
  const found: Relation[] = [];
  const n = members.length;
  let present = 0;
  for (let i = 0; i < n; i++) present |= 1 << zhiOf(members[i]?.ganZhi ?? 0);
  const completeTrines = groupRelations(members, present, '三合', TRINES, TRINE_MASKS, found);
  const completeGroups = completeTrines | groupRelations(members, present, '三会', MEETINGS, MEETING_MASKS, found);
  // Per member once: pillar index, stem, branch, and whether it is one of `involving` (pairs of two other pillars
  // are skipped rather than found and filtered out).
  const pillar: number[] = [];
  const gan: number[] = [];
  const zhi: number[] = [];
  const picked: boolean[] = [];
  for (const m of members) {
    pillar.push(PILLARS.indexOf(m.pillar));
    gan.push(ganOf(m.ganZhi));
    zhi.push(zhiOf(m.ganZhi));
    picked.push(involving ? involving.includes(m.pillar) : true);
  }
  for (let i = 0; i < n; i++) {
    const pa = pillar[i] ?? 0;
    const ga = gan[i] ?? 0;
    const za = zhi[i] ?? 0;
    for (let j = i + 1; j < n; j++) {
      if (!picked[i] && !picked[j]) continue;
      const pb = pillar[j] ?? 0;
      const gb = gan[j] ?? 0;
      const zb = zhi[j] ?? 0;
      const stemKinds = STEM_PAIRS[ga * 10 + gb] ?? [];
      for (let k = 0; k < stemKinds.length; k++) {
        const kind = stemKinds[k];
        if (kind) found.push(pairRelation(kind, k, true, pa, ga, pb, gb));
      }
      const branchKinds = BRANCH_PAIRS[za * 12 + zb] ?? [];
      for (let k = 0; k < branchKinds.length; k++) {
        const kind = branchKinds[k];
        if (kind && (kind.trine === null || !(completeTrines & (1 << kind.trine))))
          found.push(pairRelation(kind, k, false, pa, za, pb, zb));
      }
    }
  }
  // Only the group relations can still lack an involved member here.
  const kept =
    involving && completeGroups ? found.filter((r) => (r.type === '三合' || r.type === '三会' ? involves(r, involving) : true)) : found;
  return byType(kept);
}
