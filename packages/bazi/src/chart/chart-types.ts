/**
 * The chart this package returns. Field names in snake_case follow the product spec's
 * "Bazi result" entity (gender, birth_place, birth_time, solar_date, previous_term,
 * next_term, pillars, da_yun); everything else is additional and never changes those.
 * All text values are Chinese characters.
 */
import type { Gan, WuXing, YinYang, Zhi } from '../ganzhi/stems-branches';
import type { LifeStage } from '../ganzhi/life-stages';
import type { NaYin } from '../ganzhi/na-yin';
import type { TenGod } from '../ganzhi/ten-gods';
import type { Relation } from '../relations/relations';
import type { BaziOptions } from './options';

export type Gender = 'male' | 'female';

export interface StemTenGod {
  readonly gan: Gan;
  readonly shi_shen: TenGod;
}

export interface Pillar {
  readonly gan: Gan;
  readonly zhi: Zhi;
  /** gan + zhi, e.g. '甲子'. */
  readonly gan_zhi: string;
  /** Ten god of the stem; '日主' for the day pillar. */
  readonly shi_shen: TenGod | '日主';
  /** Hidden stems → their ten gods, main qi first (JSON keeps that order). */
  readonly cang_gan: Readonly<Record<string, TenGod>>;
  /** The same as an ordered list. */
  readonly hidden_stems: readonly StemTenGod[];
  /** Ten god of the branch, i.e. of its main-qi hidden stem. */
  readonly zhi_shi_shen: TenGod;
  readonly na_yin: NaYin;
  readonly gan_wu_xing: WuXing;
  readonly zhi_wu_xing: WuXing;
  /** Life stage (星运) of the day master in this branch. */
  readonly di_shi: LifeStage;
  /** The two void branches (旬空) of this pillar's decade. */
  readonly xun_kong: string;
}

/** A pillar of a chart: its view plus the 神煞 that fall on it (docs/bazi-shen-sha.md). */
export interface ChartPillar extends Pillar {
  readonly shen_sha: readonly string[];
}

export interface Pillars {
  readonly year: ChartPillar;
  readonly month: ChartPillar;
  readonly day: ChartPillar;
  /** Null when the birth hour is unknown (three pillars). */
  readonly hour: ChartPillar | null;
}

/** 胎元, 胎息, 命宫 and 身宫: a sixty-cycle pillar with its 纳音. */
export interface GanZhiView {
  readonly gan: Gan;
  readonly zhi: Zhi;
  readonly gan_zhi: string;
  readonly na_yin: NaYin;
}

/** One month of a year's 流月: the 节 that opens it, its pillar, and when it starts and ends (exclusive). */
export interface LiuYue {
  readonly term: string;
  readonly gan_zhi: string;
  readonly start: string;
  readonly end: string;
}

export interface WarningAlternative {
  readonly pillar: 'year' | 'month' | 'day' | 'hour';
  readonly current: string;
  readonly alternative: string;
}

/** The birth lies near an edge where a pillar changes: a 节 (`term`) or a 时辰 edge (`hour`). */
export interface BoundaryWarning {
  readonly kind: 'term' | 'hour';
  readonly message: string;
  /** The edge, 'YYYY-MM-DD HH:mm:ss' (Beijing time for a 节; the clock the hour is read from for a 时辰). */
  readonly boundary: string;
  /** Distance from the birth to the edge, in minutes (one decimal). */
  readonly minutes: number;
  readonly alternatives: readonly WarningAlternative[];
}

/** The luck cycle and year of the focus year (`liu_yue_year`) and how they relate to the chart. */
export interface YunRelations {
  readonly year: number;
  /** Null before the first luck cycle (the 小运 years). */
  readonly da_yun: string | null;
  readonly liu_nian: string;
  /** Only relations that involve the luck cycle or the year (pillar 'da_yun' or 'liu_nian'). */
  readonly relations: readonly Relation[];
}

export interface TermMark {
  readonly name: string;
  /** 'YYYY-MM-DD HH:mm:ss', Beijing time. */
  readonly datetime: string;
}

export interface LiuNian {
  readonly gan_zhi: string;
  readonly year: number;
  readonly age: number;
}

export interface DaYunAnalysis {
  readonly stem: { readonly shi_shen: TenGod };
  readonly branch: { readonly hidden_stems: readonly StemTenGod[] };
}

export interface DaYun {
  readonly gan_zhi: string;
  readonly start_age: number;
  readonly end_age: number;
  readonly start_year: number;
  readonly end_year: number;
  readonly analysis: DaYunAnalysis;
  /** The ten years' pillars, as the spec's events[] of {gan_zhi}. */
  readonly events: readonly { readonly gan_zhi: string }[];
  /** The ten years (流年) of this cycle with their Gregorian year and age; with the timeline only. */
  readonly liu_nian?: readonly LiuNian[];
}

export interface QiYun {
  /** '顺排' (forward) or '逆排' (backward). */
  readonly direction: '顺排' | '逆排';
  readonly years: number;
  readonly months: number;
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  /** When the first luck cycle begins, Beijing standard time. */
  readonly moment: string;
  /** The 节 counted to or from. */
  readonly term: TermMark;
  /** e.g. '出生后3年4个月12天2小时0分钟起运'. */
  readonly text: string;
}

export interface Correction {
  readonly kind: 'dst' | 'true_solar_time';
  readonly label: '夏令时校正' | '真太阳时校正';
  readonly from: string;
  readonly to: string;
  /** Signed shift in minutes (two decimals). */
  readonly minutes: number;
  readonly note: string;
}

export interface LunarDateView {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly is_leap_month: boolean;
  readonly text: string;
}

export interface BaziChart {
  readonly gender: Gender;
  /** '乾造' for male, '坤造' for female. */
  readonly title: '乾造' | '坤造';
  /** Canonical place string, e.g. '广东深圳'. */
  readonly birth_place: string;
  readonly place: { readonly province: string; readonly city: string; readonly longitude: number; readonly latitude: number };
  /** The clock time as entered, on the Gregorian calendar: 'YYYY-MM-DD HH:mm:ss'. */
  readonly birth_time: string;
  /** Gregorian date of birth as entered (or converted from the lunar date): 'YYYY-MM-DD'. */
  readonly solar_date: string;
  readonly lunar_date: LunarDateView;
  /** Beijing standard time of birth after the DST correction; year, month, terms and luck use it. */
  readonly standard_time: string;
  /** The time the day and hour pillars are read from (standard or true solar time). */
  readonly corrected_time: string;
  readonly corrections: readonly Correction[];
  readonly previous_term: TermMark;
  readonly next_term: TermMark;
  readonly pillars: Pillars;
  readonly day_master: { readonly gan: Gan; readonly wu_xing: WuXing; readonly yin_yang: YinYang };
  /** Elements among the eight characters (stems, and branches by main qi). */
  readonly wu_xing_count: Readonly<Record<WuXing, number>>;
  readonly qi_yun: QiYun;
  readonly da_yun: readonly DaYun[];
  readonly options: BaziOptions;
  /** True when the user did not know the birth hour: no hour pillar, and the moment is taken at 12:00. */
  readonly hour_unknown: boolean;
  readonly tai_yuan: GanZhiView;
  readonly tai_xi: GanZhiView;
  /** Null when the birth hour is unknown. */
  readonly ming_gong: GanZhiView | null;
  readonly shen_gong: GanZhiView | null;
  /** 刑冲合害 among the four pillars. */
  readonly relations: readonly Relation[];
  readonly warnings: readonly BoundaryWarning[];
  /** The years before the first luck cycle (empty when the hour is unknown). */
  readonly xiao_yun: readonly LiuNian[];
  /** The timeline (asked for with `timeline` or `liuYueYear`): the year the months below belong to. */
  readonly liu_yue_year?: number;
  readonly liu_yue?: readonly LiuYue[];
  readonly yun_relations?: YunRelations;
}
