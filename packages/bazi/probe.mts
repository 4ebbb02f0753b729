import { computeChart, chartToJson } from './src/index';
const inputs = [] as any[];
for (let i = 0; i < 2000; i++)
  inputs.push({
    calendar: 'solar',
    year: 1901 + ((i * 37) % 199),
    month: 1 + (i % 12),
    day: 1 + ((i * 7) % 28),
    hour: (i * 5) % 24,
    minute: (i * 13) % 60,
    gender: i % 2 ? 'male' : 'female',
    birthPlace: '北京北京',
    options: { dstCorrection: false },
    liuYueYear: 2026,
  });
const charts = inputs.map((x) => computeChart(x));
const cpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
for (let r = 0; r < 2; r++)
  for (const [name, f] of [
    ['compute', (c: any, i: number) => computeChart(inputs[i]).da_yun.length],
    [
      'stringify+byteLength+encode',
      (c: any) => {
        const s = JSON.stringify(c);
        return Buffer.byteLength(s) + Buffer.from(s).length;
      },
    ],
    ['chartToJson', (c: any) => chartToJson(c).length],
    ['chartToJson+Buffer.from', (c: any) => Buffer.from(chartToJson(c)).length],
  ] as const) {
    let s = 0;
    let t0 = cpu();
    let n = 0;
    while (cpu() - t0 < 1_500_000) {
      for (let i = 0; i < charts.length; i++) {
        s += (f as any)(charts[i], i);
        n++;
      }
    }
    console.log(name, ((cpu() - t0) / n).toFixed(2), 'us cpu');
  }
