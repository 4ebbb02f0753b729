/**
 * computeChart: validated birth data in, complete chart out. Everything here is table
 * lookups and integer arithmetic; the per-chart allocations are the strings of the
 * moments, the ten years of each luck cycle and the small arrays of stars and relations.
 */
import { daysFromCivil } from '../calendar/civil-date';
import { formatDate, formatMoment, momentFromParts, partsFromMoment } from '../calendar/moment';
import { correctBirthTime } from '../corrections/birth-time-corrections';
import { at } from '../ganzhi/lookup';
import { ganOf, zhiOf } from '../ganzhi/sexagenary';
import { GAN, WU_XING, ganElement, yinYangOf, zhiElement, type WuXing } from '../ganzhi/stems-branches';
import { validateBirthInput, type BaziInput } from '../input/birth-input';
import type { Place } from '../places/places';
import { luckCycles } from '../luck/luck-cycles';
import { liuYue } from '../luck/liu-yue';
import { qiYunSpan } from '../luck/qi-yun';
import { xiaoYun } from '../luck/xiao-yun';
import { lunarDateOfDay } from '../lunar/lunar-calendar';
import { fourPillars } from '../pillars/four-pillars';
import { solarTermAt, termIndexAtOrBefore, type SolarTerm } from '../terms/solar-terms';
import type { BaziChart, QiYun, TermMark } from './chart-types';
import { pillarView } from './pillar-views';
import {
  chartPillars,
  mingGongView,
  natalRelations,
  shenGongView,
  taiXiView,
  taiYuanView,
  yunRelations,
  type ChartIndices,
} from './pro-facts';
import { boundaryWarnings } from './warnings';

const termMarks: (TermMark | undefined)[] = [];
/** Term marks are shared by every chart that names the term (one per term of the table at most). */
function termMark(term: SolarTerm): TermMark {
  let mark = termMarks[term.index];
  if (!mark) {
    mark = Object.freeze({ name: term.name, datetime: formatMoment(term.moment) });
    termMarks[term.index] = mark;
  }
  return mark;
}

function countElements(p: ChartIndices): Record<WuXing, number> {
  const counts = new Int8Array(5);
  for (const gz of [p.year, p.month, p.day, p.hour]) {
    if (gz === null) continue;
    const g = ganElement(ganOf(gz));
    const z = zhiElement(zhiOf(gz));
    counts[g] = (counts[g] ?? 0) + 1;
    counts[z] = (counts[z] ?? 0) + 1;
  }
  return Object.freeze({ 木: counts[0] ?? 0, 火: counts[1] ?? 0, 土: counts[2] ?? 0, 金: counts[3] ?? 0, 水: counts[4] ?? 0 });
}

/** The ten day masters, shared by every chart. */
const DAY_MASTERS = GAN.map((gan, i) => Object.freeze({ gan, wu_xing: at(WU_XING, ganElement(i)), yin_yang: yinYangOf(i) }));

/** A place as the chart shows it, one frozen object per place (places are few and parsed places are cached). */
const placeViews = new WeakMap<Place, BaziChart['place']>();
function placeView(place: Place): BaziChart['place'] {
  let view = placeViews.get(place);
  if (!view) {
    view = Object.freeze({ province: place.province, city: place.city, longitude: place.longitude, latitude: place.latitude });
    placeViews.set(place, view);
  }
  return view;
}

/** The current year on the Beijing clock: the default focus year of the 流月 and the luck-cycle relations. */
export const beijingYear = (epochMs: number): number => new Date(epochMs + 8 * 3_600_000).getUTCFullYear();

export function computeChart(input: BaziInput, now: () => number = Date.now): BaziChart {
  const birth = validateBirthInput(input);
  const { solarDate, options, gender, place, hourUnknown } = birth;
  const wall = momentFromParts(solarDate.year, solarDate.month, solarDate.day, birth.hour, birth.minute);
  const times = correctBirthTime(wall, place, options);
  const four = fourPillars(times.standard, times.local, options.ziHourRule);
  const p: ChartIndices = hourUnknown ? { ...four, hour: null } : four;
  const dayMaster = ganOf(p.day);

  const termIndex = termIndexAtOrBefore(times.standard);
  const span = qiYunSpan(times.standard, p.year, gender);
  const estimated = hourUnknown ? '（时辰未知，按正午推算）' : '';
  const qiYun: QiYun = Object.freeze({
    direction: span.forward ? '顺排' : '逆排',
    years: span.years,
    months: span.months,
    days: span.days,
    hours: span.hours,
    minutes: span.minutes,
    moment: formatMoment(span.start),
    term: termMark(span.term),
    text: `出生后${span.years}年${span.months}个月${span.days}天${span.hours}小时${span.minutes}分钟起运${estimated}`,
  });

  const firstStartYear = partsFromMoment(span.start).year;
  const ageOffset = options.ageReckoning === 'xu' ? 1 - solarDate.year : -solarDate.year;
  const daYun = luckCycles({
    monthGanZhi: p.month,
    dayMaster,
    forward: span.forward,
    birthYear: solarDate.year,
    firstStartYear,
    ageReckoning: options.ageReckoning,
    withLiuNian: birth.timeline,
  });
  const focusYear = birth.liuYueYear ?? beijingYear(now());
  const lunar = lunarDateOfDay(daysFromCivil(solarDate.year, solarDate.month, solarDate.day));
  return Object.freeze({
    gender,
    title: gender === 'male' ? '乾造' : '坤造',
    birth_place: place.label,
    place: placeView(place),
    birth_time: formatMoment(wall),
    solar_date: formatDate(solarDate.year, solarDate.month, solarDate.day),
    lunar_date: Object.freeze({ year: lunar.year, month: lunar.month, day: lunar.day, is_leap_month: lunar.isLeapMonth, text: lunar.text }),
    standard_time: formatMoment(times.standard),
    corrected_time: formatMoment(times.local),
    corrections: times.corrections,
    previous_term: termMark(solarTermAt(termIndex)),
    next_term: termMark(solarTermAt(termIndex + 1)),
    pillars: chartPillars(
      p,
      {
        year: pillarView(dayMaster, p.year, false),
        month: pillarView(dayMaster, p.month, false),
        day: pillarView(dayMaster, p.day, true),
        hour: p.hour === null ? null : pillarView(dayMaster, p.hour, false),
      },
      gender,
    ),
    day_master: at(DAY_MASTERS, dayMaster),
    wu_xing_count: countElements(p),
    qi_yun: qiYun,
    da_yun: daYun,
    options,
    hour_unknown: hourUnknown,
    tai_yuan: taiYuanView(p),
    tai_xi: taiXiView(p),
    ming_gong: mingGongView(p),
    shen_gong: shenGongView(p),
    relations: natalRelations(p),
    warnings: boundaryWarnings(times.standard, times.local, options.ziHourRule, four, hourUnknown, termIndex),
    xiao_yun: xiaoYun(p.hour, span.forward, solarDate.year, firstStartYear, ageOffset),
    // Every key is always there (undefined without the timeline, so JSON leaves it out): one object shape.
    liu_yue_year: birth.timeline ? focusYear : undefined,
    liu_yue: birth.timeline ? liuYue(focusYear) : undefined,
    yun_relations: birth.timeline ? yunRelations(p, daYun, focusYear) : undefined,
  });
}
