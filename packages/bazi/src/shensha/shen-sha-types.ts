/**
 * The shape of a 神煞 rule. Every rule says where it is looked up from (`from`), which pillars can carry it (`on`),
 * the classical text it is taken from and how to check it by hand, so docs/bazi-shen-sha.md and the result page can
 * show a user why a star is on a pillar. Schools differ on many stars; each rule names the variant it follows.
 */

/** What a table is keyed by. */
export type LookupKey = 'year_stem' | 'day_stem' | 'year_branch' | 'day_branch' | 'month_branch' | 'year_na_yin' | 'day_pillar';

export const LOOKUP_LABELS: Readonly<Record<LookupKey, string>> = Object.freeze({
  year_stem: '年干',
  day_stem: '日干',
  year_branch: '年支',
  day_branch: '日支',
  month_branch: '月支',
  year_na_yin: '年柱纳音五行',
  day_pillar: '日柱',
});

export type PillarKey = 'year' | 'month' | 'day' | 'hour';
export const PILLAR_KEYS: readonly PillarKey[] = Object.freeze(['year', 'month', 'day', 'hour']);
export const PILLAR_LABELS: Readonly<Record<PillarKey, string>> = Object.freeze({ year: '年柱', month: '月柱', day: '日柱', hour: '时柱' });

/** Traditional reading of the star: auspicious, inauspicious, or either depending on the chart. */
export type ShenShaNature = '吉' | '凶' | '中';

interface RuleBase {
  readonly name: string;
  readonly nature: ShenShaNature;
  /** The classical text (or 通行口诀 where the rule is folk tradition without one agreed text). */
  readonly source: string;
  readonly from: readonly LookupKey[];
  /** Pillars that can carry the star. */
  readonly on: readonly PillarKey[];
  /** How to check it by hand, in plain Chinese. */
  readonly how: string;
  /** One line of traditional meaning, shown beside the star. */
  readonly meaning: string;
  /** Other schools' versions, when they differ. */
  readonly variants?: string;
}

/**
 * A lookup table: each key character (a stem, a branch, or an element for 纳音) maps to target characters. A key may
 * name several characters at once ('申子辰' for the whole 三合 group). `look` says what is compared with the targets:
 * a pillar's branch, its stem, either, or the whole pillar (then the targets are space-separated 干支).
 */
export interface TableRule extends RuleBase {
  readonly kind: 'table';
  readonly look: 'branch' | 'stem' | 'stem_or_branch' | 'pillar';
  readonly table: Readonly<Record<string, string>>;
}

/** A pillar that is itself one of a list of 干支 (魁罡, 阴差阳错 …). */
export interface SetRule extends RuleBase {
  readonly kind: 'set';
  /** Space-separated 干支. */
  readonly pillars: string;
}

/** A rule that needs more than one key (元辰 needs the gender, 童子 the season and the 纳音 …); evaluated in code. */
export interface SpecialRule extends RuleBase {
  readonly kind: 'special';
}

export type ShenShaRule = TableRule | SetRule | SpecialRule;
