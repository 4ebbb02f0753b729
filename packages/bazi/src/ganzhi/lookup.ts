/**
 * Character ↔ index lookups and a checked list access, for code that maps the tables' characters to the indices the
 * calculator works with. `at` throws instead of returning undefined, so a wrong index is a loud bug, not a blank.
 */
import { GAN, WU_XING, ZHI, ganElement, zhiElement, type Gan, type WuXing, type Zhi } from './stems-branches';

export function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`index ${index} outside a list of ${list.length}`);
  return value;
}

export function ganIndex(char: string): number {
  const i = GAN.indexOf(char as Gan);
  if (i < 0) throw new RangeError(`${char} is not a heavenly stem`);
  return i;
}

export function zhiIndex(char: string): number {
  const i = ZHI.indexOf(char as Zhi);
  if (i < 0) throw new RangeError(`${char} is not an earthly branch`);
  return i;
}

export function wuXingIndex(char: string): number {
  const i = WU_XING.indexOf(char as WuXing);
  if (i < 0) throw new RangeError(`${char} is not one of the five elements`);
  return i;
}

/** The element of a stem or branch character (a branch by its main qi), or null for any other text. */
export function elementOfChar(char: string): WuXing | null {
  const g = GAN.indexOf(char as Gan);
  if (g >= 0) return at(WU_XING, ganElement(g));
  const z = ZHI.indexOf(char as Zhi);
  if (z >= 0) return at(WU_XING, zhiElement(z));
  return null;
}
