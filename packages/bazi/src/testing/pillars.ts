/**
 * Builds sixty-cycle pillars for table tests from the characters a rule talks about: `pillar('甲')` is the first pillar
 * with stem 甲 (甲子), `pillar(undefined, '丑')` the first with branch 丑 (乙丑), `pillar('辛', '卯')` exactly 辛卯.
 * Not used by the calculator.
 */
import { naYinOf } from '../ganzhi/na-yin';
import { GAN_ZHI_NAMES, ganOf, zhiOf } from '../ganzhi/sexagenary';
import { GAN, ZHI } from '../ganzhi/stems-branches';

export function pillar(gan?: string, zhi?: string): number {
  const g = gan === undefined ? -1 : GAN.indexOf(gan as (typeof GAN)[number]);
  const z = zhi === undefined ? -1 : ZHI.indexOf(zhi as (typeof ZHI)[number]);
  for (let i = 0; i < 60; i++) {
    if ((g < 0 || ganOf(i) === g) && (z < 0 || zhiOf(i) === z)) return i;
  }
  throw new RangeError(`no pillar ${gan ?? ''}${zhi ?? ''}`);
}

export const byName = (ganZhi: string): number => {
  const i = GAN_ZHI_NAMES.indexOf(ganZhi);
  if (i < 0) throw new RangeError(`${ganZhi} is not a pillar`);
  return i;
};

/** The first pillar whose 纳音 is of the element (金木水火土). */
export function pillarWithNaYin(element: string): number {
  for (let i = 0; i < 60; i++) if (naYinOf(i).endsWith(element)) return i;
  throw new RangeError(element);
}

/** Every stem or every branch of a table key written as a group ('申子辰' → 申, 子, 辰). */
export const chars = (group: string): string[] => [...group];
