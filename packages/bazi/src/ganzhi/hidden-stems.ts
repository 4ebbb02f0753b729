/**
 * Stems hidden in each branch (地支藏干), main qi (本气) first, then middle (中气) and
 * residual (余气) qi. The table is the one the mainstream references print (巳 holds
 * 丙庚戊, 午 holds 丁己); schools that drop 午's 己 are not supported.
 */
import { GAN } from './stems-branches';

const HIDDEN: readonly (readonly number[])[] = [
  [9], // 子: 癸
  [5, 9, 7], // 丑: 己 癸 辛
  [0, 2, 4], // 寅: 甲 丙 戊
  [1], // 卯: 乙
  [4, 1, 9], // 辰: 戊 乙 癸
  [2, 6, 4], // 巳: 丙 庚 戊
  [3, 5], // 午: 丁 己
  [5, 3, 1], // 未: 己 丁 乙
  [6, 8, 4], // 申: 庚 壬 戊
  [7], // 酉: 辛
  [4, 7, 3], // 戌: 戊 辛 丁
  [8, 0], // 亥: 壬 甲
];

/** Stem indices hidden in a branch, main qi first. */
export function hiddenStemsOf(zhi: number): readonly number[] {
  return HIDDEN[zhi]!;
}

export const HIDDEN_STEM_ROLES = ['本气', '中气', '余气'] as const;

/** The hidden stems as characters, e.g. 丑 → ['己', '癸', '辛']. */
export function hiddenStemNames(zhi: number): string[] {
  return hiddenStemsOf(zhi).map((g) => GAN[g]!);
}
