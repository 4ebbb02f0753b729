/**
 * The twelve life stages (十二长生, shown as 星运/地势): where a stem stands in each branch.
 * Yang stems walk the branches forwards from their 长生 branch and yin stems walk them
 * backwards (阳顺阴逆), the rule the common almanacs and lunar-javascript follow; the
 * 阴阳同生同死 school is not supported.
 */
export const LIFE_STAGE_NAMES = ['长生', '沐浴', '冠带', '临官', '帝旺', '衰', '病', '死', '墓', '绝', '胎', '养'] as const;
export type LifeStage = (typeof LIFE_STAGE_NAMES)[number];

/** Branch of 长生 for 甲乙丙丁戊己庚辛壬癸: 亥 午 寅 酉 寅 酉 巳 子 申 卯. */
const CHANG_SHENG_ZHI = [11, 6, 2, 9, 2, 9, 5, 0, 8, 3] as const;

export function lifeStage(gan: number, zhi: number): LifeStage {
  const start = CHANG_SHENG_ZHI[gan]!;
  const steps = gan % 2 === 0 ? zhi - start : start - zhi;
  return LIFE_STAGE_NAMES[(steps + 12) % 12]!;
}
