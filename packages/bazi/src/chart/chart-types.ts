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

export interface Pillars {
  readonly year: Pillar;
  readonly month: Pillar;
  readonly day: Pillar;
  readonly hour: Pillar;
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
  /** The ten years (流年) of this cycle. */
  readonly events: readonly LiuNian[];
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
}
