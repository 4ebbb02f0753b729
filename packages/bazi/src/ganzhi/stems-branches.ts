/**
 * Heavenly stems (天干), earthly branches (地支) and their five elements (五行).
 * Everything else in the package refers to them by index (甲 = 0, 子 = 0) and only
 * turns indices into characters when it builds the chart.
 */
export const GAN = ['甲', '乙', '丙', '丁', '戊', '己', '庚', '辛', '壬', '癸'] as const;
export const ZHI = ['子', '丑', '寅', '卯', '辰', '巳', '午', '未', '申', '酉', '戌', '亥'] as const;
export const WU_XING = ['木', '火', '土', '金', '水'] as const;

export type Gan = (typeof GAN)[number];
export type Zhi = (typeof ZHI)[number];
export type WuXing = (typeof WU_XING)[number];
export type YinYang = '阳' | '阴';

/** Element index of each stem: 甲乙木 丙丁火 戊己土 庚辛金 壬癸水. */
export function ganElement(gan: number): number {
  return gan >> 1;
}

const ZHI_ELEMENTS = [4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4] as const;

/** Element index of each branch by its main qi: 子水 丑土 寅卯木 辰土 巳午火 未土 申酉金 戌土 亥水. */
export function zhiElement(zhi: number): number {
  return ZHI_ELEMENTS[zhi]!;
}

/** Stems and branches at even indices (甲丙戊庚壬, 子寅辰午申戌) are yang. */
export function yinYangOf(index: number): YinYang {
  return index % 2 === 0 ? '阳' : '阴';
}
