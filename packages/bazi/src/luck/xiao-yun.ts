/**
 * 小运: the years before the first luck cycle, counted from the hour pillar, one step a year in the direction of the
 * luck cycles (阳男阴女顺, 阴男阳女逆), starting with the year of birth. As lunar-javascript's Yun and tyme4ts'
 * Fortune count them. There are none when the first cycle starts in the year of birth, or when the hour is unknown.
 */
import type { LiuNian } from '../chart/chart-types';
import { at } from '../ganzhi/lookup';
import { GAN_ZHI_NAMES, mod } from '../ganzhi/sexagenary';

export function xiaoYun(
  hour: number | null,
  forward: boolean,
  birthYear: number,
  firstStartYear: number,
  ageOffset: number,
): readonly LiuNian[] {
  if (hour === null) return Object.freeze([]);
  const step = forward ? 1 : -1;
  const years: LiuNian[] = [];
  for (let year = birthYear; year < firstStartYear; year++) {
    const i = year - birthYear;
    years.push(Object.freeze({ gan_zhi: at(GAN_ZHI_NAMES, mod(hour + step * (i + 1), 60)), year, age: year + ageOffset }));
  }
  return Object.freeze(years);
}
