/**
 * Full-chart throughput of @lingxi/bazi against lunar-javascript 1.7.7 doing the
 * equivalent work, on the same seeded inputs in the same process:
 *   npx tsx packages/bazi/bench/bazi.bench.ts
 *
 * lunar-javascript side: eight characters, each pillar's ten god, hidden stems and their
 * ten gods, na-yin, life stage and void branches; the surrounding terms; the lunar date;
 * the luck cycles (minute-based start, sect 2) with their ten years each; 胎元, 胎息, 命宫
 * and 身宫 with their na-yin; the 小运 years; the twelve 流月 of one year. computeChart()
 * returns all that and more that lunar-javascript has no equivalent for (神煞 per pillar,
 * 刑冲合害, boundary warnings, exact 流月 term moments), so the ratio understates ours.
 */
import { Solar } from 'lunar-javascript';
import { computeChart, type BaziInput } from '../src/index';
import { daysInMonth } from '../src/calendar/civil-date';
import { randomInt, seededRandom } from '../src/testing/seeded-random';

const INPUT_COUNT = 2000;
const MIN_MEASURE_MS = 1000;
const TARGET_RATIO = 100;
const FOCUS_YEAR = 2026;
const PLACES = ['北京北京', '广东深圳', '上海浦东', '新疆乌鲁木齐', '四川成都', '黑龙江哈尔滨'];

const random = seededRandom(1949_10_01);
const inputs: BaziInput[] = Array.from({ length: INPUT_COUNT }, () => {
  const year = randomInt(random, 1901, 2099);
  const month = randomInt(random, 1, 12);
  return {
    calendar: 'solar',
    year,
    month,
    day: randomInt(random, 1, daysInMonth(year, month)),
    hour: randomInt(random, 0, 23),
    minute: randomInt(random, 0, 59),
    gender: random() < 0.5 ? 'male' : 'female',
    birthPlace: PLACES[randomInt(random, 0, PLACES.length - 1)] ?? '北京北京',
    // Keep the DST hour gaps out of the comparison; lunar-javascript has no such check.
    options: { dstCorrection: false },
    liuYueYear: FOCUS_YEAR,
  };
});

let sink = 0;

function ours(input: BaziInput): void {
  const chart = computeChart(input);
  sink += chart.da_yun.length + chart.pillars.day.gan_zhi.length;
}

function lunarJavascript(input: BaziInput): void {
  const lunar = Solar.fromYmdHms(input.year, input.month, input.day, input.hour ?? 12, input.minute ?? 0, 0).getLunar();
  const ec = lunar.getEightChar();
  ec.setSect(1);
  const pillars = [
    [
      ec.getYear(),
      ec.getYearShiShenGan(),
      ec.getYearHideGan(),
      ec.getYearShiShenZhi(),
      ec.getYearNaYin(),
      ec.getYearDiShi(),
      ec.getYearXunKong(),
    ],
    [
      ec.getMonth(),
      ec.getMonthShiShenGan(),
      ec.getMonthHideGan(),
      ec.getMonthShiShenZhi(),
      ec.getMonthNaYin(),
      ec.getMonthDiShi(),
      ec.getMonthXunKong(),
    ],
    [ec.getDay(), ec.getDayShiShenGan(), ec.getDayHideGan(), ec.getDayShiShenZhi(), ec.getDayNaYin(), ec.getDayDiShi(), ec.getDayXunKong()],
    [
      ec.getTime(),
      ec.getTimeShiShenGan(),
      ec.getTimeHideGan(),
      ec.getTimeShiShenZhi(),
      ec.getTimeNaYin(),
      ec.getTimeDiShi(),
      ec.getTimeXunKong(),
    ],
  ];
  const terms = [lunar.getPrevJieQi(true).getSolar().toYmdHms(), lunar.getNextJieQi(true).getSolar().toYmdHms()];
  const yun = ec.getYun(input.gender === 'male' ? 1 : 0, 2);
  let count = pillars.length + terms.length + lunar.toString().length + yun.getStartSolar().toYmdHms().length;
  for (const palace of [ec.getTaiYuan(), ec.getTaiYuanNaYin(), ec.getTaiXi(), ec.getTaiXiNaYin()]) count += palace.length;
  for (const palace of [ec.getMingGong(), ec.getMingGongNaYin(), ec.getShenGong(), ec.getShenGongNaYin()]) count += palace.length;
  for (const daYun of yun.getDaYun(11)) {
    count += daYun.getGanZhi().length + daYun.getStartYear() + daYun.getStartAge() + daYun.getEndYear() + daYun.getEndAge();
    if (daYun.getIndex() === 0) for (const xiao of daYun.getXiaoYun()) count += xiao.getGanZhi().length + xiao.getYear() + xiao.getAge();
    for (const liuNian of daYun.getLiuNian()) {
      count += liuNian.getGanZhi().length + liuNian.getYear() + liuNian.getAge();
      if (liuNian.getYear() === FOCUS_YEAR) for (const month of liuNian.getLiuYue()) count += month.getGanZhi().length;
    }
  }
  sink += count;
}

const ROUNDS = 3;
/** Process CPU time in ms: on a machine shared with other work, wall time also counts the time spent waiting for a core. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Charts per second of CPU over at least MIN_MEASURE_MS of CPU, after a warm-up pass over every input. */
function measure(run: (input: BaziInput) => void): { cpu: number; wall: number } {
  let charts = 0;
  const cpuStart = cpuMs();
  const wallStart = performance.now();
  do {
    for (const input of inputs) run(input);
    charts += inputs.length;
  } while (cpuMs() - cpuStart < MIN_MEASURE_MS);
  return { cpu: (charts / (cpuMs() - cpuStart)) * 1000, wall: (charts / (performance.now() - wallStart)) * 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(10);
const perChart = (rate: number) => (rate > 10_000 ? `${(1e6 / rate).toFixed(1)} µs` : `${(1e3 / rate).toFixed(2)} ms`);

console.log(`Bazi full-chart benchmark: ${INPUT_COUNT} seeded random births 1901-2099, Node ${process.version}`);
console.log(
  `  ${ROUNDS} alternating rounds of ≥ ${MIN_MEASURE_MS} ms of CPU each; charts per CPU-second, median (wall-clock rate in brackets)`,
);
for (const input of inputs) ours(input);
for (const input of inputs.slice(0, 200)) lunarJavascript(input);
const oursRounds: { cpu: number; wall: number }[] = [];
const theirRounds: { cpu: number; wall: number }[] = [];
for (let r = 0; r < ROUNDS; r++) {
  oursRounds.push(measure(ours));
  theirRounds.push(measure(lunarJavascript));
}
const candidate = median(oursRounds.map((x) => x.cpu));
const baseline = median(theirRounds.map((x) => x.cpu));
const ratio = candidate / baseline;
const wall = (xs: { wall: number }[]) => fmt(median(xs.map((x) => x.wall))).trim();
console.log(`  @lingxi/bazi computeChart  ${fmt(candidate)} charts/s  (${perChart(candidate)} per chart; wall ${wall(oursRounds)}/s)`);
console.log(`  lunar-javascript 1.7.7     ${fmt(baseline)} charts/s  (${perChart(baseline)} per chart; wall ${wall(theirRounds)}/s)`);
console.log(
  `  ratio                      ${ratio.toFixed(1).padStart(10)}×  (target ≥ ${TARGET_RATIO}×: ${ratio >= TARGET_RATIO ? 'met' : 'NOT MET'})`,
);
// Printing the checksum keeps the engine from optimising either loop away.
console.log(`  (checksum ${sink})`);
