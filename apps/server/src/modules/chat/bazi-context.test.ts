import { computeChart, computeChartFromSpec, pairingFacts } from '@lingxi/bazi';
import { describe, expect, it } from 'vitest';
import { groundingText, relationText, summarizeChart } from './bazi-context';
import { countTokens, loadTokenizer } from './tokens';

const request = {
  year: '1990',
  month: '05',
  day: '12',
  hour: '08',
  minute: '30',
  gender: 'male',
  calendarType: 'solar',
  birth_place: '北京北京',
  isLeapMonth: false,
};
const partner = { ...request, year: '1992', month: '11', day: '03', hour: '21', minute: '10', gender: 'female', birth_place: '广东广州' };
const saved = new Date('2026-01-01T00:00:00Z');
const now = new Date('2026-06-01T04:00:00Z');
const row = (over: object = {}) => ({
  kind: 'latest' as const,
  chart: { input: request, result: {}, name: '我', createdAt: saved },
  year: null,
  month: null,
  ...over,
});

describe('grounding for the fortune personas', () => {
  const chart = computeChartFromSpec({ ...request, include: 'timeline', liu_yue_year: 2026 });

  it('sums up the latest chart with the professional facts, cast again from its request', () => {
    const text = groundingText(row(), now) ?? '';
    const p = chart.pillars;
    expect(text).toContain('【用户命盘摘要】（“我”，');
    expect(text).toContain(`四柱：年柱 ${p.year.gan_zhi}（纳音${p.year.na_yin}）`);
    expect(text).toContain(`日主：${chart.day_master.gan}（${chart.day_master.yin_yang}${chart.day_master.wu_xing}）`);
    expect(text).toContain(`神煞：年柱 ${p.year.shen_sha.join('、')}`);
    for (const r of chart.relations) expect(text).toContain(relationText(r));
    expect(text).toContain(`胎元${chart.tai_yuan.gan_zhi}，胎息${chart.tai_xi.gan_zhi}，命宫${chart.ming_gong?.gan_zhi}`);
    expect(text).toContain(`2026年：流年${chart.yun_relations?.liu_nian}`);
    expect(text).toContain(`2026年流月：${chart.liu_yue?.map((m) => m.term + m.gan_zhi).join(' ')}`);
  });

  it('says which year the user asked about, and its luck cycle and relations', () => {
    const asked = computeChartFromSpec({ ...request, liu_yue_year: 2031 });
    const text = groundingText(row({ kind: 'chart', year: 2031 }), now) ?? '';
    expect(text).toContain('【用户命盘】');
    expect(text).toContain('用户想了解：2031年需要注意什么');
    expect(text).toContain(`2031年：流年${asked.yun_relations?.liu_nian}，大运${asked.yun_relations?.da_yun}`);
    for (const r of asked.yun_relations?.relations ?? []) expect(text).toContain(relationText(r));
  });

  it('names the month asked about by its 节 and pillar, with dates', () => {
    const asked = computeChartFromSpec({ ...request, liu_yue_year: 2026 });
    const month = asked.liu_yue?.[2];
    const text = groundingText(row({ kind: 'chart', year: 2026, month: 3 }), now) ?? '';
    expect(text).toContain(
      `用户问的月份：${month?.term}起的${month?.gan_zhi}月（${month?.start.slice(0, 10)}至${month?.end.slice(0, 10)}）`,
    );
    expect(text).toContain('用户想了解：2026年这个月需要注意什么');
  });

  it('lays out a 合婚 as facts only, with both sides', () => {
    const a = computeChartFromSpec(request);
    const b = computeChartFromSpec(partner);
    const facts = pairingFacts(a, b);
    const text =
      groundingText(
        {
          kind: 'pairing',
          chart: { input: request, result: {}, name: '我', createdAt: saved },
          partner: { input: partner, result: {}, name: '小雨' },
        },
        now,
      ) ?? '';
    expect(text).toContain('【合婚信息】');
    expect(text).toContain('甲方（“我”，男）');
    expect(text).toContain('乙方（“小雨”，女）');
    expect(text).toContain(`日主五行：${facts.day_master.text}`);
    expect(text).toContain(`年柱纳音：${facts.na_yin.text}`);
    expect(text).toContain(`年支：${facts.year_branch.a}与${facts.year_branch.b}`);
    expect(text).not.toMatch(/\d+分/);
  });

  it('stays compact: well inside the context budget', async () => {
    const tokenizer = await loadTokenizer();
    const month = groundingText(row({ kind: 'chart', year: 2026, month: 7 }), now) ?? '';
    expect(countTokens(tokenizer, month)).toBeLessThan(900);
  });

  it('reads the stored result when the request can no longer be cast', () => {
    const stored = JSON.parse(
      JSON.stringify(
        computeChart({ calendar: 'solar', year: 1990, month: 5, day: 12, hour: 8, minute: 30, gender: 'male', birthPlace: '北京北京' }),
      ),
    );
    const text = groundingText(row({ chart: { input: { year: 'garbage' }, result: stored, name: null, createdAt: saved } }), now) ?? '';
    expect(text).toContain(`四柱：年柱 ${stored.pillars.year.gan}${stored.pillars.year.zhi}`);
    expect(text).toContain('五行分布：');
  });
});

describe('stored chart summary (fallback)', () => {
  it('returns null for a result without pillars', () => {
    expect(summarizeChart({ gender: 'male' }, new Date(), new Date())).toBeNull();
  });

  it('counts the eight characters’ elements with the calculator’s own tables when the chart stored no counts', () => {
    const result = {
      pillars: {
        year: { gan: '庚', zhi: '午' },
        month: { gan: '辛', zhi: '巳' },
        day: { gan: '庚', zhi: '辰' },
        hour: { gan: '辛', zhi: '巳' },
      },
    };
    const text = summarizeChart(result, new Date('2026-01-01'), new Date('2026-06-01')) ?? '';
    expect(text).toContain('四柱：年柱 庚午｜月柱 辛巳｜日柱 庚辰｜时柱 辛巳');
    expect(text).toContain('日主：庚（金）');
    expect(text).toContain('五行分布：木0 火3 土1 金4 水0（缺木、水）');
  });
});
