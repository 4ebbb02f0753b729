/**
 * The professional chart's facts on thousands of seeded births against lunar-javascript 1.7.7 and tyme4ts 1.5.2:
 * 胎元, 胎息, 命宫, 身宫 (with their 纳音), 小运, the twelve 流月 of a year (pillars, and start moments within the
 * libraries' term-table difference), and the pair relations both libraries tabulate (五合, 天干相冲, 六合, 六冲, 六害).
 * Births within two minutes of a term are skipped, as in cross-check.test.ts.
 */
import { LunarUtil, Solar } from 'lunar-javascript';
import { EarthBranch, HeavenStem, SixtyCycleYear, SolarTerm, SolarTime } from 'tyme4ts';
import { describe, expect, it } from 'vitest';
import { momentFromParts } from '../calendar/moment';
import { GAN, ZHI } from '../ganzhi/stems-branches';
import { seededBirths, type BirthSample } from '../testing/birth-samples';
import { randomInt, seededRandom } from '../testing/seeded-random';
import type { BaziChart } from './chart-types';
import { computeChart } from './compute-chart';

const SAMPLES = 3000;
const SLOW = { timeout: 60_000 };
const { samples } = seededBirths(19491001, SAMPLES, 120);

const chartOf = (s: BirthSample, liuYueYear?: number): BaziChart =>
  computeChart({
    calendar: 'solar',
    ...s,
    birthPlace: '北京北京',
    options: { dstCorrection: false },
    ...(liuYueYear ? { liuYueYear } : {}),
  });
const eightCharOf = (s: BirthSample) => {
  const ec = Solar.fromYmdHms(s.year, s.month, s.day, s.hour, s.minute, 0).getLunar().getEightChar();
  ec.setSect(1);
  return ec;
};

describe(`胎元 胎息 命宫 身宫 on ${SAMPLES} seeded births`, () => {
  it('match lunar-javascript’s EightChar, 纳音 included', SLOW, () => {
    for (const s of samples) {
      const c = chartOf(s);
      const ec = eightCharOf(s);
      expect(
        [c.tai_yuan, c.tai_xi, c.ming_gong, c.shen_gong].map((v) => `${v?.gan_zhi}${v?.na_yin}`),
        JSON.stringify(s),
      ).toEqual([
        ec.getTaiYuan() + ec.getTaiYuanNaYin(),
        ec.getTaiXi() + ec.getTaiXiNaYin(),
        ec.getMingGong() + ec.getMingGongNaYin(),
        ec.getShenGong() + ec.getShenGongNaYin(),
      ]);
    }
  });
  it('match tyme4ts’ fetal origin, fetal breath, own sign and body sign', SLOW, () => {
    for (const s of samples) {
      const c = chartOf(s);
      const ec = SolarTime.fromYmdHms(s.year, s.month, s.day, s.hour, s.minute, 0).getLunarHour().getEightChar();
      expect(
        [c.tai_yuan, c.tai_xi, c.ming_gong, c.shen_gong].map((v) => v?.gan_zhi),
        JSON.stringify(s),
      ).toEqual([ec.getFetalOrigin(), ec.getFetalBreath(), ec.getOwnSign(), ec.getBodySign()].map((x) => x.getName()));
    }
  });
});

describe(`小运 on ${SAMPLES} seeded births`, () => {
  it('matches lunar-javascript’s years before the first luck cycle (sect 2): years, 虚岁 and pillars', SLOW, () => {
    let nonEmpty = 0;
    for (const s of samples) {
      const c = chartOf(s);
      const first = eightCharOf(s)
        .getYun(s.gender === 'male' ? 1 : 0, 2)
        .getDaYun(1)[0];
      const theirs = (first?.getXiaoYun() ?? []).map((x) => `${x.getYear()}${x.getGanZhi()}${x.getAge()}`);
      expect(
        c.xiao_yun.map((x) => `${x.year}${x.gan_zhi}${x.age}`),
        JSON.stringify(s),
      ).toEqual(theirs);
      if (theirs.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(SAMPLES / 2);
  });
});

describe('流月 of seeded years', () => {
  const random = seededRandom(7);
  const years = Array.from({ length: 400 }, () => randomInt(random, 1901, 2099));

  it('match tyme4ts’ months of the year: pillars, and each start within a minute of its 节', SLOW, () => {
    const birth = samples[0] ?? { year: 1990, month: 5, day: 9, hour: 8, minute: 5, gender: 'male' as const };
    for (const year of years) {
      const ours = chartOf(birth, year).liu_yue ?? [];
      const theirs = SixtyCycleYear.fromYear(year).getMonths();
      expect(ours.map((m) => m.gan_zhi)).toEqual(theirs.map((m) => m.getSixtyCycle().getName()));
      ours.forEach((m, i) => {
        const term = SolarTerm.fromIndex(year, 3 + 2 * i);
        const t = term.getJulianDay().getSolarTime();
        const [y, mo, d, h, mi, sec] = m.start.split(/[- :]/).map(Number);
        const diff =
          momentFromParts(y ?? 0, mo ?? 0, d ?? 0, h ?? 0, mi ?? 0, sec ?? 0) -
          momentFromParts(t.getYear(), t.getMonth(), t.getDay(), t.getHour(), t.getMinute(), t.getSecond());
        expect(Math.abs(diff), `${year} ${m.term}`).toBeLessThanOrEqual(60);
        expect(m.term).toBe(term.getName());
      });
      expect(ours.map((m, i) => (i < 11 ? m.end === ours[i + 1]?.start : true)).every(Boolean)).toBe(true);
    }
  });
  it('match lunar-javascript’s 流月 pillars for the year (五虎遁)', SLOW, () => {
    for (const s of samples.slice(0, 500)) {
      const yun = eightCharOf(s).getYun(s.gender === 'male' ? 1 : 0, 2);
      for (const daYun of yun.getDaYun(3).slice(1)) {
        const liuNian = daYun.getLiuNian()[3];
        if (!liuNian || liuNian.getYear() > 2099) continue;
        const ours = (chartOf(s, liuNian.getYear()).liu_yue ?? []).map((m) => m.gan_zhi);
        expect(ours, `${liuNian.getYear()}`).toEqual(liuNian.getLiuYue().map((m) => m.getGanZhi()));
      }
    }
  });
});

describe(`pair relations among the four pillars on ${SAMPLES} seeded births`, () => {
  it('list exactly the 五合, 天干相冲, 六合, 六冲 and 六害 that the libraries’ tables give', SLOW, () => {
    const keys = ['year', 'month', 'day', 'hour'] as const;
    const PINYIN = ['jia', 'yi', 'bing', 'ding', 'wu', 'ji', 'geng', 'xin', 'ren', 'gui'];
    const clashStem = (g: string) =>
      GAN[PINYIN.indexOf((LunarUtil.CHONG_GAN_4[GAN.indexOf(g as never)] ?? '').replace(/^\{tg\.|\}$/g, ''))];
    for (const s of samples) {
      const c = chartOf(s);
      const pillars = keys.map((k) => c.pillars[k]);
      const theirs: string[] = [];
      for (let i = 0; i < 4; i++) {
        for (let j = i + 1; j < 4; j++) {
          const a = pillars[i];
          const b = pillars[j];
          if (!a || !b) continue;
          const pair = (type: string, x: string, y: string) => theirs.push(`${type}:${keys[i]}${x}+${keys[j]}${y}`);
          if (HeavenStem.fromName(a.gan).getCombine().getName() === b.gan) pair('天干五合', a.gan, b.gan);
          if (clashStem(a.gan) === b.gan) pair('天干相冲', a.gan, b.gan);
          const ea = EarthBranch.fromName(a.zhi);
          if (ea.getCombine().getName() === b.zhi) pair('六合', a.zhi, b.zhi);
          if (LunarUtil.CHONG[ZHI.indexOf(a.zhi)] === b.zhi) pair('六冲', a.zhi, b.zhi);
          if (ea.getHarm().getName() === b.zhi) pair('六害', a.zhi, b.zhi);
        }
      }
      const ours = c.relations
        .filter((r) => ['天干五合', '天干相冲', '六合', '六冲', '六害'].includes(r.type))
        .map((r) => `${r.type}:${r.members.map((m) => m.pillar + m.char).join('+')}`);
      expect(ours.sort(), JSON.stringify(s)).toEqual(theirs.sort());
    }
  });
});
