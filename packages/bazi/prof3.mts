import { computeChart } from './src/index';
import { daysInMonth } from './src/calendar/civil-date';
import { randomInt, seededRandom } from './src/testing/seeded-random';
const PLACES = ['北京北京', '广东深圳', '上海浦东', '新疆乌鲁木齐', '四川成都', '黑龙江哈尔滨'];
const random = seededRandom(1949_10_01);
const inputs = Array.from({ length: 2000 }, () => {
  const year = randomInt(random, 1901, 2099);
  const month = randomInt(random, 1, 12);
  return {
    calendar: 'solar' as const,
    year,
    month,
    day: randomInt(random, 1, daysInMonth(year, month)),
    hour: randomInt(random, 0, 23),
    minute: randomInt(random, 0, 59),
    gender: random() < 0.5 ? ('male' as const) : ('female' as const),
    birthPlace: PLACES[randomInt(random, 0, 5)] ?? '',
    options: { dstCorrection: false },
    liuYueYear: 2026,
  };
});
let s = 0;
const t0 = performance.now();
let n = 0;
while (performance.now() - t0 < 6000) {
  for (const x of inputs) {
    s += computeChart(x).da_yun.length;
    n++;
  }
}
console.log(((performance.now() - t0) * 1000) / n, 'us', s);
