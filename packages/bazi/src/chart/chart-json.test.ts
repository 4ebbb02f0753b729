import { describe, expect, it } from 'vitest';
import { listProvinces } from '../places/places';
import { seededBirths } from '../testing/birth-samples';
import { randomInt, seededRandom } from '../testing/seeded-random';
import { chartToJson } from './chart-json';
import { computeChart } from './compute-chart';

describe('chartToJson', () => {
  it(
    'gives exactly JSON.stringify(chart) for 3,000 varied charts (places, options, unknown hours, focus years)',
    { timeout: 60_000 },
    () => {
      const random = seededRandom(31415);
      const provinces = listProvinces();
      const { samples } = seededBirths(27182, 3000, 0);
      for (const s of samples) {
        const province = provinces[randomInt(random, 0, provinces.length - 1)];
        const city = province?.cities[randomInt(random, 0, (province?.cities.length ?? 1) - 1)];
        const chart = computeChart({
          calendar: 'solar',
          ...s,
          hourUnknown: random() < 0.15,
          birthPlace: { province: province?.name ?? '北京', city: city?.name ?? '北京' },
          liuYueYear: randomInt(random, 1901, 2099),
          options: {
            trueSolarTime: random() < 0.4,
            dstCorrection: random() < 0.7,
            ziHourRule: random() < 0.5 ? 'day-changes-at-23' : 'day-changes-at-0',
            ageReckoning: random() < 0.5 ? 'xu' : 'zhou',
          },
        });
        const expected = JSON.stringify(chart);
        expect(chartToJson(chart), JSON.stringify(s)).toBe(expected);
      }
    },
  );
});
