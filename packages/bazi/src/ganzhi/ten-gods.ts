/**
 * Ten gods (十神): how a stem relates to the day master. Two facts decide it: which way
 * the five-element cycles run between the two (same, I produce, I control, controls me,
 * produces me) and whether both stems share yin/yang.
 */
import { ganElement } from './stems-branches';

export const TEN_GOD_NAMES = ['比肩', '劫财', '食神', '伤官', '偏财', '正财', '七杀', '正官', '偏印', '正印'] as const;
export type TenGod = (typeof TEN_GOD_NAMES)[number];

/**
 * What the day pillar's stem shows instead of a ten god. 日主 (rather than 元男/元女)
 * because it reads the same for both genders and is what the major almanacs print.
 */
export const DAY_MASTER_LABEL = '日主';

export function tenGod(dayMaster: number, gan: number): TenGod {
  // Elements are ordered 木火土金水, so +1 is "produces" and +2 is "controls".
  const relation = (ganElement(gan) - ganElement(dayMaster) + 5) % 5;
  const samePolarity = dayMaster % 2 === gan % 2;
  return TEN_GOD_NAMES[relation * 2 + (samePolarity ? 0 : 1)]!;
}
