/**
 * Thousands of random birth moments (seeded, replayable) against two independent
 * almanac libraries: lunar-javascript 1.7.7 and tyme4ts 1.5.2.
 *
 * Moments within two minutes of a solar term are skipped: the libraries compute their
 * own term times (寿星 algorithm, their own ΔT), which differ from our VSOP87 table by
 * up to 27 s in 1901-2099, so right at a 节 either answer can be "right" for its table.
 * Outside that window every pillar and every luck cycle must agree.
 *
 * Known, deliberate differences (not exercised here):
 * - lunar-javascript's default 起运 rule (sect 1) counts whole 时辰; we compare with its
 *   minute-based sect 2 and with tyme4ts' second-based default, the rule we implement.
 * - The libraries take the clock as Beijing standard time; DST correction is off here.
 */
import { Solar } from 'lunar-javascript';
import { ChildLimit, DefaultEightCharProvider, Gender, LunarHour, LunarSect2EightCharProvider, SolarTerm, SolarTime } from 'tyme4ts';
import { afterAll, describe, expect, it } from 'vitest';
import { momentFromParts } from '../calendar/moment';
import { seededBirths, type BirthSample } from '../testing/birth-samples';
import type { ZiHourRule } from '../pillars/four-pillars';
import type { BaziChart } from './chart-types';
import { computeChart } from './compute-chart';

const SAMPLES = 3000;
const TERM_MARGIN_SECONDS = 120;
/** The libraries take about a millisecond per chart; give the loops room on a slow CI box. */
const SLOW = { timeout: 60_000 };

type Sample = BirthSample;
const { samples, skipped } = seededBirths(20080808, SAMPLES, TERM_MARGIN_SECONDS);

const chartOf = (s: Sample, ziHourRule: ZiHourRule): BaziChart =>
  computeChart({ calendar: 'solar', ...s, birthPlace: '北京北京', options: { ziHourRule, dstCorrection: false }, timeline: true });
const ourPillars = (c: BaziChart) => [c.pillars.year, c.pillars.month, c.pillars.day, c.pillars.hour].map((p) => p?.gan_zhi).join(' ');

describe(`cross-check of ${SAMPLES} random births 1901-2099`, () => {
  afterAll(() => {
    // Keeps the skip rate visible in the log; a sudden jump would mean a table problem.
    expect(skipped).toBeLessThan(SAMPLES * 0.02);
  });

  it.each(['day-changes-at-23', 'day-changes-at-0'] as const)('matches lunar-javascript’s four pillars (%s)', SLOW, (rule) => {
    for (const s of samples) {
      const ec = Solar.fromYmdHms(s.year, s.month, s.day, s.hour, s.minute, 0).getLunar().getEightChar();
      ec.setSect(rule === 'day-changes-at-23' ? 1 : 2);
      expect(ourPillars(chartOf(s, rule)), JSON.stringify(s)).toBe([ec.getYear(), ec.getMonth(), ec.getDay(), ec.getTime()].join(' '));
    }
  });

  it('matches lunar-javascript’s ten gods, hidden stems, na-yin, life stages and void branches per pillar', SLOW, () => {
    const names = ['Year', 'Month', 'Day', 'Time'] as const;
    for (const s of samples.slice(0, 1500)) {
      const chart = chartOf(s, 'day-changes-at-23');
      const ec = Solar.fromYmdHms(s.year, s.month, s.day, s.hour, s.minute, 0).getLunar().getEightChar();
      ec.setSect(1);
      [chart.pillars.year, chart.pillars.month, chart.pillars.day, chart.pillars.hour].forEach((pillar, i) => {
        const n = names[i]!;
        expect(
          [
            pillar?.shi_shen,
            pillar?.hidden_stems.map((h) => h.gan),
            pillar?.hidden_stems.map((h) => h.shi_shen),
            pillar?.na_yin,
            pillar?.di_shi,
            pillar?.xun_kong,
          ],
          `${JSON.stringify(s)} ${n}`,
        ).toEqual([
          ec[`get${n}ShiShenGan`](),
          ec[`get${n}HideGan`](),
          ec[`get${n}ShiShenZhi`](),
          ec[`get${n}NaYin`](),
          ec[`get${n}DiShi`](),
          ec[`get${n}XunKong`](),
        ]);
      });
    }
  });

  it.each(['day-changes-at-23', 'day-changes-at-0'] as const)('matches tyme4ts’ four pillars (%s)', SLOW, (rule) => {
    const saved = LunarHour.provider;
    LunarHour.provider = rule === 'day-changes-at-23' ? new DefaultEightCharProvider() : new LunarSect2EightCharProvider();
    try {
      for (const s of samples) {
        const ec = SolarTime.fromYmdHms(s.year, s.month, s.day, s.hour, s.minute, 0).getLunarHour().getEightChar();
        const theirs = [ec.getYear(), ec.getMonth(), ec.getDay(), ec.getHour()].map((x) => x.getName()).join(' ');
        expect(ourPillars(chartOf(s, rule)), JSON.stringify(s)).toBe(theirs);
      }
    } finally {
      LunarHour.provider = saved;
    }
  });

  it('matches lunar-javascript’s luck cycles, start years, 虚岁 ages and years (sect 2)', SLOW, () => {
    for (const s of samples.slice(0, 1500)) {
      const chart = chartOf(s, 'day-changes-at-23');
      const yun = Solar.fromYmdHms(s.year, s.month, s.day, s.hour, s.minute, 0)
        .getLunar()
        .getEightChar()
        .getYun(s.gender === 'male' ? 1 : 0, 2);
      // Their list starts with the years before the first cycle; cycle i is their i + 1.
      const theirs = yun.getDaYun(10).slice(1);
      theirs.forEach((d, i) => {
        const ours = chart.da_yun[i]!;
        expect([ours.gan_zhi, ours.start_year, ours.start_age, ours.end_age], JSON.stringify(s)).toEqual([
          d.getGanZhi(),
          d.getStartYear(),
          d.getStartAge(),
          d.getEndAge(),
        ]);
        expect(ours.events.map((e) => e.gan_zhi)).toEqual((ours.liu_nian ?? []).map((e) => e.gan_zhi));
        expect((ours.liu_nian ?? []).map((e) => `${e.year}${e.gan_zhi}${e.age}`)).toEqual(
          d.getLiuNian().map((l) => `${l.getYear()}${l.getGanZhi()}${l.getAge()}`),
        );
      });
    }
  });

  it('matches tyme4ts’ start of luck: exactly when both term tables agree, else by 2 min per second of difference', SLOW, () => {
    const momentOf = (t: SolarTime) => momentFromParts(t.getYear(), t.getMonth(), t.getDay(), t.getHour(), t.getMinute(), t.getSecond());
    const parse = (text: string) => {
      const [y, mo, d, h, mi, sec] = text.split(/[- :]/).map(Number);
      return momentFromParts(y!, mo!, d!, h!, mi!, sec!);
    };
    let exact = 0;
    for (const s of samples.slice(0, 1000)) {
      const chart = chartOf(s, 'day-changes-at-23');
      const limit = ChildLimit.fromSolarTime(
        SolarTime.fromYmdHms(s.year, s.month, s.day, s.hour, s.minute, 0),
        s.gender === 'male' ? Gender.MAN : Gender.WOMAN,
      );
      const ourTerm = parse(chart.qi_yun.term.datetime);
      const termYear = Number(chart.qi_yun.term.datetime.slice(0, 4));
      const theirTerm = momentOf(
        (chart.qi_yun.term.name === '冬至' ? SolarTerm.fromIndex(termYear + 1, 0) : SolarTerm.fromName(termYear, chart.qi_yun.term.name))
          .getJulianDay()
          .getSolarTime(),
      );
      const termDifference = Math.abs(ourTerm - theirTerm);
      const startDifference = Math.abs(parse(chart.qi_yun.moment) - momentOf(limit.getEndTime()));
      if (termDifference === 0) {
        expect(startDifference, JSON.stringify(s)).toBe(0);
        exact++;
      } else {
        // One second of real time is two minutes of life; months of 30 days laid over
        // real months can shift a boundary case by up to three days.
        expect(startDifference, JSON.stringify(s)).toBeLessThanOrEqual(120 * termDifference + 3 * 86400);
      }
    }
    expect(exact).toBeGreaterThan(20);
  });
});
