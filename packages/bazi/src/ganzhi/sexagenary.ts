/**
 * The sixty-term cycle (六十甲子). A pillar is an index 0-59 (甲子 = 0); its stem is the
 * index mod 10 and its branch the index mod 12. Successive years, months, days and
 * two-hour periods all step through the same cycle, which is why the pillars reduce
 * to counting.
 */
import { GAN, ZHI } from './stems-branches';

export function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

export function ganOf(ganZhi: number): number {
  return ganZhi % 10;
}

export function zhiOf(ganZhi: number): number {
  return ganZhi % 12;
}

/** The cycle index of a stem-branch pair; only pairs of equal parity exist. */
export function ganZhiIndex(gan: number, zhi: number): number {
  if (gan % 2 !== zhi % 2) throw new RangeError(`${GAN[gan]}${ZHI[zhi]} is not a sexagenary pair`);
  return mod(6 * gan - 5 * zhi, 60);
}

export const GAN_ZHI_NAMES: readonly string[] = Object.freeze(Array.from({ length: 60 }, (_, i) => GAN[ganOf(i)]! + ZHI[zhiOf(i)]!));

/** The year a Gregorian year number mostly covers (1984 甲子); a year pillar starts at 立春. */
export function yearGanZhiIndex(year: number): number {
  return mod(year - 1984, 60);
}

/** The two branch indices left without a stem in the pillar's decade (旬空), e.g. 甲子旬 → 戌 亥 (10, 11). */
export function xunKongBranches(ganZhi: number): readonly [number, number] {
  const firstZhi = mod(zhiOf(ganZhi) - ganOf(ganZhi), 12);
  return [(firstZhi + 10) % 12, (firstZhi + 11) % 12];
}

/** The two branches left without a stem in the pillar's decade (旬空), e.g. 甲子旬 → 戌亥. */
export function xunKong(ganZhi: number): string {
  const firstZhi = mod(zhiOf(ganZhi) - ganOf(ganZhi), 12);
  return ZHI[(firstZhi + 10) % 12]! + ZHI[(firstZhi + 11) % 12]!;
}
