/**
 * computeChart: validated birth data in, complete chart out. Everything here is table
 * lookups and integer arithmetic; the per-chart allocations are the strings of the
 * moments and the ten years of each luck cycle.
 */
import { daysFromCivil } from '../calendar/civil-date';
import { formatDate, formatMoment, momentFromParts, partsFromMoment } from '../calendar/moment';
import { correctBirthTime } from '../corrections/birth-time-corrections';
import { ganOf, zhiOf } from '../ganzhi/sexagenary';
import { GAN, WU_XING, ganElement, yinYangOf, zhiElement, type WuXing } from '../ganzhi/stems-branches';
import { validateBirthInput, type BaziInput } from '../input/birth-input';
import { luckCycles } from '../luck/luck-cycles';
import { qiYunSpan } from '../luck/qi-yun';
import { lunarDateOfDay } from '../lunar/lunar-calendar';
import { fourPillars, type FourPillarIndices } from '../pillars/four-pillars';
import { solarTermAt, termIndexAtOrBefore, type SolarTerm } from '../terms/solar-terms';
import type { BaziChart, QiYun, TermMark } from './chart-types';
import { pillarView } from './pillar-views';

const termMark = (term: SolarTerm): TermMark => Object.freeze({ name: term.name, datetime: formatMoment(term.moment) });

function countElements(p: FourPillarIndices): Record<WuXing, number> {
  const counts = [0, 0, 0, 0, 0];
  for (const gz of [p.year, p.month, p.day, p.hour]) {
    counts[ganElement(ganOf(gz))]!++;
    counts[zhiElement(zhiOf(gz))]!++;
  }
  return Object.freeze(Object.fromEntries(WU_XING.map((w, i) => [w, counts[i]!])) as Record<WuXing, number>);
}

export function computeChart(input: BaziInput): BaziChart {
  const birth = validateBirthInput(input);
  const { solarDate, options, gender, place } = birth;
  const wall = momentFromParts(solarDate.year, solarDate.month, solarDate.day, birth.hour, birth.minute);
  const times = correctBirthTime(wall, place, options);
  const p = fourPillars(times.standard, times.local, options.ziHourRule);
  const dayMaster = ganOf(p.day);

  const termIndex = termIndexAtOrBefore(times.standard);
  const span = qiYunSpan(times.standard, p.year, gender);
  const qiYun: QiYun = Object.freeze({
    direction: span.forward ? '顺排' : '逆排',
    years: span.years,
    months: span.months,
    days: span.days,
    hours: span.hours,
    minutes: span.minutes,
    moment: formatMoment(span.start),
    term: termMark(span.term),
    text: `出生后${span.years}年${span.months}个月${span.days}天${span.hours}小时${span.minutes}分钟起运`,
  });

  const lunar = lunarDateOfDay(daysFromCivil(solarDate.year, solarDate.month, solarDate.day));
  return Object.freeze({
    gender,
    title: gender === 'male' ? '乾造' : '坤造',
    birth_place: place.label,
    place: Object.freeze({ province: place.province, city: place.city, longitude: place.longitude, latitude: place.latitude }),
    birth_time: formatMoment(wall),
    solar_date: formatDate(solarDate.year, solarDate.month, solarDate.day),
    lunar_date: Object.freeze({ year: lunar.year, month: lunar.month, day: lunar.day, is_leap_month: lunar.isLeapMonth, text: lunar.text }),
    standard_time: formatMoment(times.standard),
    corrected_time: formatMoment(times.local),
    corrections: times.corrections,
    previous_term: termMark(solarTermAt(termIndex)),
    next_term: termMark(solarTermAt(termIndex + 1)),
    pillars: Object.freeze({
      year: pillarView(dayMaster, p.year, false),
      month: pillarView(dayMaster, p.month, false),
      day: pillarView(dayMaster, p.day, true),
      hour: pillarView(dayMaster, p.hour, false),
    }),
    day_master: Object.freeze({ gan: GAN[dayMaster]!, wu_xing: WU_XING[ganElement(dayMaster)]!, yin_yang: yinYangOf(dayMaster) }),
    wu_xing_count: countElements(p),
    qi_yun: qiYun,
    da_yun: luckCycles({
      monthGanZhi: p.month,
      dayMaster,
      forward: span.forward,
      birthYear: solarDate.year,
      firstStartYear: partsFromMoment(span.start).year,
      ageReckoning: options.ageReckoning,
    }),
    options,
  });
}
