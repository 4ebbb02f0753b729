/**
 * The professional chart's facts beyond the pillars: 神煞 per pillar, 胎元/胎息/命宫/身宫, 刑冲合害 among the pillars,
 * and the focus year's 大运/流年 against them. Small views (a pillar with its 纳音) are cached and shared.
 */
import { at } from '../ganzhi/lookup';
import { naYinOf } from '../ganzhi/na-yin';
import { GAN_ZHI_NAMES, ganOf, yearGanZhiIndex, zhiOf } from '../ganzhi/sexagenary';
import { GAN, ZHI } from '../ganzhi/stems-branches';
import { mingGong, shenGong, taiXi, taiYuan } from '../palaces/palaces';
import { relationsAmong, type Relation, type RelationInput } from '../relations/relations';
import { shenShaOf } from '../shensha/shen-sha';
import type { ChartPillar, DaYun, Gender, GanZhiView, Pillar, Pillars, YunRelations } from './chart-types';

export interface ChartIndices {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number | null;
}

const views: GanZhiView[] = GAN_ZHI_NAMES.map((name, i) =>
  Object.freeze({ gan: at(GAN, ganOf(i)), zhi: at(ZHI, zhiOf(i)), gan_zhi: name, na_yin: naYinOf(i) }),
);
export const ganZhiView = (i: number): GanZhiView => at(views, i);

/** The view's fields written out rather than spread: a spread of a 13-field object costs more than the stars do. */
const withStars = (v: Pillar, shen_sha: readonly string[]): ChartPillar =>
  Object.freeze({
    gan: v.gan,
    zhi: v.zhi,
    gan_zhi: v.gan_zhi,
    shi_shen: v.shi_shen,
    cang_gan: v.cang_gan,
    hidden_stems: v.hidden_stems,
    zhi_shi_shen: v.zhi_shi_shen,
    na_yin: v.na_yin,
    gan_wu_xing: v.gan_wu_xing,
    zhi_wu_xing: v.zhi_wu_xing,
    di_shi: v.di_shi,
    xun_kong: v.xun_kong,
    shen_sha,
  });

export function chartPillars(
  p: ChartIndices,
  views4: { year: Pillar; month: Pillar; day: Pillar; hour: Pillar | null },
  gender: Gender,
): Pillars {
  const stars = shenShaOf(p, gender);
  return Object.freeze({
    year: withStars(views4.year, stars.year),
    month: withStars(views4.month, stars.month),
    day: withStars(views4.day, stars.day),
    hour: views4.hour ? withStars(views4.hour, stars.hour) : null,
  });
}

export const taiYuanView = (p: ChartIndices) => ganZhiView(taiYuan(p.month));
export const taiXiView = (p: ChartIndices) => ganZhiView(taiXi(p.day));
export const mingGongView = (p: ChartIndices) => (p.hour === null ? null : ganZhiView(mingGong(p.year, p.month, p.hour)));
export const shenGongView = (p: ChartIndices) => (p.hour === null ? null : ganZhiView(shenGong(p.year, p.month, p.hour)));

function natalMembers(p: ChartIndices): RelationInput[] {
  const members: RelationInput[] = [
    { pillar: 'year', ganZhi: p.year },
    { pillar: 'month', ganZhi: p.month },
    { pillar: 'day', ganZhi: p.day },
  ];
  if (p.hour !== null) members.push({ pillar: 'hour', ganZhi: p.hour });
  return members;
}

export const natalRelations = (p: ChartIndices): readonly Relation[] => Object.freeze(relationsAmong(natalMembers(p)));

/** The focus year's luck cycle (none in the 小运 years) and year pillar, and their relations with the chart. */
export function yunRelations(p: ChartIndices, daYun: readonly DaYun[], year: number): YunRelations {
  const liuNian = yearGanZhiIndex(year);
  const first = daYun[0];
  const i = first ? Math.floor((year - first.start_year) / 10) : -1;
  const cycle = daYun[i] ?? null;
  const members = natalMembers(p);
  if (cycle) members.push({ pillar: 'da_yun', ganZhi: GAN_ZHI_NAMES.indexOf(cycle.gan_zhi) });
  members.push({ pillar: 'liu_nian', ganZhi: liuNian });
  return Object.freeze({
    year,
    da_yun: cycle ? cycle.gan_zhi : null,
    liu_nian: at(GAN_ZHI_NAMES, liuNian),
    relations: Object.freeze(relationsAmong(members, ['da_yun', 'liu_nian'])),
  });
}
