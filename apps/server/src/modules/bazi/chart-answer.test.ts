import { computeChartFromSpec, formatBirthPlace, listProvinces, type BaziChart } from '@lingxi/bazi';
import { describe, expect, it } from 'vitest';
import { chartAnswer, chartAnswerJson } from './chart-answer';

const serialise = chartAnswerJson();
const bytesOf = (payload: unknown) => serialise(payload) as unknown as Buffer;

function charts(count: number) {
  const provinces = listProvinces();
  const out = [];
  for (let i = 0; out.length < count; i++) {
    const province = provinces[i % provinces.length];
    const city = province?.cities[i % province.cities.length];
    if (!province || !city) throw new Error('no places');
    out.push(
      computeChartFromSpec({
        year: String(1931 + ((i * 7) % 98)),
        month: String(1 + (i % 12)).padStart(2, '0'),
        day: String(1 + ((i * 5) % 28)).padStart(2, '0'),
        hour: String((i * 3) % 24).padStart(2, '0'),
        minute: String((i * 11) % 60).padStart(2, '0'),
        isLeapMonth: false,
        gender: i % 2 ? 'male' : 'female',
        calendarType: 'solar',
        birth_place: formatBirthPlace(province.name, city.name),
        ...(i % 3 === 0 ? { trueSolarTime: true } : {}),
      }),
    );
  }
  return out;
}

describe('the chart answer as bytes', () => {
  it('is the JSON of the answer, and answers written later (across several slabs) leave earlier ones intact', () => {
    // Kept until the end as a socket would keep them while writing: ~150 answers of ~8 kB fill dozens of slabs.
    const answers = charts(150).map((chart, i) => {
      const id = i % 4 === 0 ? `chart-${i}` : null;
      return { bytes: bytesOf(chartAnswer(chart, '排盘成功', id)), chart, id };
    });
    for (const { bytes, chart, id } of answers) {
      // What a held answer keeps alive is bounded: its slab, not an arbitrary share of the server's memory.
      expect(bytes.buffer.byteLength).toBeLessThanOrEqual(32 * 1024);
      const expected = JSON.stringify({ success: true, message: '排盘成功', data: chart, ...(id ? { chart_id: id } : {}) });
      expect(bytes.toString('utf8')).toBe(expected);
    }
  });

  it('writes an answer larger than the room kept for one, and the next answer still lands correctly', () => {
    const [chart, next] = charts(2) as [BaziChart, BaziChart];
    const message = '说明'.repeat(40_000);
    const big = bytesOf(chartAnswer(chart, message, null));
    const after = bytesOf(chartAnswer(next, '排盘成功', null));
    expect(JSON.parse(big.toString('utf8'))).toEqual({ success: true, message, data: JSON.parse(JSON.stringify(chart)) });
    expect(after.toString('utf8')).toBe(JSON.stringify({ success: true, message: '排盘成功', data: next }));
  });

  it('serialises anything else the route sends (an error body) as plain JSON', () => {
    expect(serialise({ success: false, message: '排盘失败，请重试' })).toBe('{"success":false,"message":"排盘失败，请重试"}');
  });
});
