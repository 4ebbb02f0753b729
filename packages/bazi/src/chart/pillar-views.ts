/**
 * Display objects for a pillar and for a luck cycle's analysis. Both depend only on the
 * day master and the stem-branch pair (600 combinations each), so they are built once,
 * frozen and shared by every chart: most of a chart is references to these.
 */
import { hiddenStemsOf } from '../ganzhi/hidden-stems';
import { lifeStage } from '../ganzhi/life-stages';
import { naYinOf } from '../ganzhi/na-yin';
import { GAN_ZHI_NAMES, ganOf, xunKong, zhiOf } from '../ganzhi/sexagenary';
import { GAN, WU_XING, ZHI, ganElement, zhiElement } from '../ganzhi/stems-branches';
import { DAY_MASTER_LABEL, tenGod, type TenGod } from '../ganzhi/ten-gods';
import type { DaYunAnalysis, Pillar, StemTenGod } from './chart-types';

// Dense small-integer keys: arrays, which look up several times faster than a Map on the chart's hot path.
const pillarCache: (Pillar | undefined)[] = [];
const analysisCache: (DaYunAnalysis | undefined)[] = [];
const hiddenCache: (readonly StemTenGod[] | undefined)[] = [];

function hiddenStemTenGods(dayMaster: number, zhi: number): readonly StemTenGod[] {
  const key = dayMaster * 12 + zhi;
  let list = hiddenCache[key];
  if (!list) {
    list = Object.freeze(hiddenStemsOf(zhi).map((g) => Object.freeze({ gan: GAN[g]!, shi_shen: tenGod(dayMaster, g) })));
    hiddenCache[key] = list;
  }
  return list;
}

/** The pillar `ganZhi` seen from `dayMaster`; the day pillar shows 日主 for its stem. */
export function pillarView(dayMaster: number, ganZhi: number, isDayPillar: boolean): Pillar {
  const key = (dayMaster * 60 + ganZhi) * 2 + (isDayPillar ? 1 : 0);
  const cached = pillarCache[key];
  if (cached) return cached;
  const gan = ganOf(ganZhi);
  const zhi = zhiOf(ganZhi);
  const hidden = hiddenStemTenGods(dayMaster, zhi);
  const cangGan: Record<string, TenGod> = {};
  for (const h of hidden) cangGan[h.gan] = h.shi_shen;
  const view: Pillar = Object.freeze({
    gan: GAN[gan]!,
    zhi: ZHI[zhi]!,
    gan_zhi: GAN_ZHI_NAMES[ganZhi]!,
    shi_shen: isDayPillar ? DAY_MASTER_LABEL : tenGod(dayMaster, gan),
    cang_gan: Object.freeze(cangGan),
    hidden_stems: hidden,
    zhi_shi_shen: hidden[0]!.shi_shen,
    na_yin: naYinOf(ganZhi),
    gan_wu_xing: WU_XING[ganElement(gan)]!,
    zhi_wu_xing: WU_XING[zhiElement(zhi)]!,
    di_shi: lifeStage(dayMaster, zhi),
    xun_kong: xunKong(ganZhi),
  });
  pillarCache[key] = view;
  return view;
}

/** A luck cycle's stem ten god and its branch's hidden stems, seen from `dayMaster`. */
export function daYunAnalysis(dayMaster: number, ganZhi: number): DaYunAnalysis {
  const key = dayMaster * 60 + ganZhi;
  let analysis = analysisCache[key];
  if (!analysis) {
    analysis = Object.freeze({
      stem: Object.freeze({ shi_shen: tenGod(dayMaster, ganOf(ganZhi)) }),
      branch: Object.freeze({ hidden_stems: hiddenStemTenGods(dayMaster, zhiOf(ganZhi)) }),
    });
    analysisCache[key] = analysis;
  }
  return analysis;
}
