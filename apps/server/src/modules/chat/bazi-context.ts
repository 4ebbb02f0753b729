/**
 * Grounded context for the fortune-telling personas: a compact summary of a saved chart (the one the session was
 * started from, else the user's latest), of a year or month of its timeline, or of a 合婚 pairing. Charts are cast
 * again from their stored requests with @lingxi/bazi, the one source of the calculator's facts (element tables
 * included, issue #17); a request that can no longer be cast falls back to reading the stored result defensively.
 */
import {
  beijingYear,
  computeChartFromSpec,
  elementOfChar,
  pairingFacts,
  PILLAR_LABELS,
  relationsOfPillars,
  WU_XING,
  type BaziChart,
  type PairingFacts,
  type Relation,
} from '@lingxi/bazi';
import { deepChartLines } from './deep-chart';
import type { GroundingChart, GroundingRow } from './turn-repository';

const PILLARS = ['year', 'month', 'day', 'hour'] as const;
const MEMBER_LABELS: Record<string, string> = { ...PILLAR_LABELS, da_yun: '大运', liu_nian: '流年', liu_yue: '流月' };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const str = (v: unknown): string | null => {
  if (typeof v === 'string' && v.trim()) return v.trim();
  if (typeof v === 'number') return String(v);
  const o = obj(v);
  return o ? str(o.name ?? o.value) : null;
};
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The stored request cast again with the timeline of `year`; null when today's calculator refuses it. */
function castAgain(input: unknown, year: number): BaziChart | null {
  const request = obj(input);
  if (!request) return null;
  try {
    return computeChartFromSpec({ ...request, include: 'timeline', liu_yue_year: year });
  } catch {
    return null;
  }
}

/** '巳申六合化水（月柱、日柱）'. */
export function relationText(r: Relation): string {
  const chars = r.members.map((m) => m.char).join('');
  const where = [...new Set(r.members.map((m) => MEMBER_LABELS[m.pillar] ?? m.pillar))].join('、');
  return `${chars}${r.type.replace('天干', '')}${r.result_wu_xing ? `化${r.result_wu_xing}` : ''}（${where}）`;
}

function elementsLine(counts: Readonly<Record<string, number>>): string {
  const text = WU_XING.map((e) => `${e}${counts[e] ?? 0}`).join(' ');
  const missing = WU_XING.filter((e) => (counts[e] ?? 0) === 0);
  return missing.length ? `${text}（缺${missing.join('、')}）` : text;
}

const pillarsOf = (c: BaziChart) => PILLARS.flatMap((k) => (c.pillars[k] ? [{ key: k, p: c.pillars[k] }] : []));

/** The chart itself: birth, pillars, ten gods, day master, elements, stars, relations, palaces, warnings. */
function chartLines(c: BaziChart, label: string): string[] {
  const ps = pillarsOf(c);
  const lines = [
    `${label}性别：${c.gender === 'male' ? '男（乾造）' : '女（坤造）'}；出生：公历${c.birth_time.slice(0, c.hour_unknown ? 10 : 16)}（${c.lunar_date.text}），${c.birth_place}${c.hour_unknown ? '；出生时辰不详，只有年、月、日三柱' : ''}`,
    `四柱：${ps.map(({ key, p }) => `${PILLAR_LABELS[key]} ${p.gan_zhi}（纳音${p.na_yin}）`).join('｜')}`,
    `十神：${ps
      .filter(({ key }) => key !== 'day')
      .map(({ key, p }) => `${PILLAR_LABELS[key].slice(0, 1)}干${p.shi_shen}`)
      .join('，')}；日主：${c.day_master.gan}（${c.day_master.yin_yang}${c.day_master.wu_xing}）`,
    `五行分布：${elementsLine(c.wu_xing_count)}`,
  ];
  const stars = ps.filter(({ p }) => p.shen_sha.length).map(({ key, p }) => `${PILLAR_LABELS[key]} ${p.shen_sha.join('、')}`);
  if (stars.length) lines.push(`神煞：${stars.join('；')}`);
  if (c.relations.length) lines.push(`刑冲合害：${c.relations.map(relationText).join('，')}`);
  const palaces = [
    `胎元${c.tai_yuan.gan_zhi}`,
    `胎息${c.tai_xi.gan_zhi}`,
    c.ming_gong && `命宫${c.ming_gong.gan_zhi}`,
    c.shen_gong && `身宫${c.shen_gong.gan_zhi}`,
  ];
  lines.push(palaces.filter(Boolean).join('，'));
  for (const w of c.warnings) lines.push(`提示：${w.message}`);
  return lines;
}

/** The focus year's luck cycle and year, and (when asked) one month of it, with their relations to the chart. */
function timelineLines(c: BaziChart, year: number, month: number | null): string[] {
  const lines = [`起运：${c.qi_yun.text}，${c.qi_yun.direction}`];
  const y = c.yun_relations;
  const cycle = c.da_yun.find((d) => year >= d.start_year && year <= d.end_year);
  const xiao = c.xiao_yun.find((x) => x.year === year);
  const luck = cycle
    ? `大运${cycle.gan_zhi}（${cycle.start_age}–${cycle.end_age}岁，${cycle.start_year}–${cycle.end_year}年）`
    : xiao
      ? `尚未起大运，小运${xiao.gan_zhi}`
      : '尚未起大运';
  if (y) {
    const rel = y.relations.length ? `；与命盘：${y.relations.map(relationText).join('，')}` : '';
    lines.push(`${year}年：流年${y.liu_nian}，${luck}${rel}`);
  }
  const months = c.liu_yue ?? [];
  if (month !== null) {
    const m = months[month - 1];
    if (m && y) {
      const pillars = [
        ...pillarsOf(c).map(({ key, p }) => ({ pillar: key, gan_zhi: p.gan_zhi })),
        ...(y.da_yun ? [{ pillar: 'da_yun' as const, gan_zhi: y.da_yun }] : []),
        { pillar: 'liu_nian' as const, gan_zhi: y.liu_nian },
        { pillar: 'liu_yue' as const, gan_zhi: m.gan_zhi },
      ];
      const rel = relationsOfPillars(pillars, ['liu_yue']).map(relationText);
      lines.push(
        `用户问的月份：${m.term}起的${m.gan_zhi}月（${m.start.slice(0, 10)}至${m.end.slice(0, 10)}）${rel.length ? `；与命盘：${rel.join('，')}` : ''}`,
      );
    }
  } else if (months.length) {
    lines.push(`${year}年流月：${months.map((m) => `${m.term}${m.gan_zhi}`).join(' ')}`);
  }
  return lines;
}

function chartGrounding(
  chart: GroundingChart & { createdAt: Date },
  year: number | null,
  month: number | null,
  now: Date,
  asked: boolean,
  full: boolean,
): string | null {
  const focus = year ?? beijingYear(now.getTime());
  const c = castAgain(chart.input, focus);
  if (!c) return summarizeChart(chart.result, chart.createdAt, now);
  const name = chart.name ? `“${chart.name}”，` : '';
  const which = asked ? '用户在“八字排盘”中选择解读的命盘' : '用户在“八字排盘”中保存的最新命盘';
  const head = full
    ? `【用户完整命盘】（${name}${which}，保存于 ${day(chart.createdAt)}；以下为排盘程序算出的事实，深度服务据此分析）`
    : asked
      ? `【用户命盘】（${name}${which}，保存于 ${day(chart.createdAt)}；以下为排盘程序算出的事实，请据此解读）`
      : `【用户命盘摘要】（${name}${which}，保存于 ${day(chart.createdAt)}）`;
  const ask = year === null ? [] : [month === null ? `用户想了解：${year}年需要注意什么` : `用户想了解：${year}年这个月需要注意什么`];
  const deep = full ? deepChartLines(c, focus) : [];
  return [head, ...chartLines(c, ''), ...deep, ...timelineLines(c, focus, month), ...ask].join('\n');
}

function pairingLines(f: PairingFacts): string[] {
  const rel = (label: string, p: PairingFacts['year_branch']) =>
    `${label}：${p.a}与${p.b}${p.relations.length ? ` ${p.relations.map((r) => r.type.replace('天干', '') + (r.result_wu_xing ? `化${r.result_wu_xing}` : '')).join('、')}` : ' 无合冲刑害'}`;
  const lines = [
    rel('年支', f.year_branch),
    rel('日支', f.day_branch),
    rel('日干', f.day_stem),
    `日主五行：${f.day_master.text}`,
    `年柱纳音：${f.na_yin.text}`,
  ];
  const who = (p: 'a' | 'b') => (p === 'a' ? '甲方' : '乙方');
  const stars = f.stars.map(
    (s) =>
      `${who(s.of)}的${s.star}（${[...new Set(s.pillars.map((p) => p.zhi))].join('')}）见于${who(s.of === 'a' ? 'b' : 'a')}${s.pillars.map((p) => PILLAR_LABELS[p.pillar]).join('、')}`,
  );
  lines.push(stars.length ? `桃花红鸾天喜：${stars.join('；')}` : '桃花红鸾天喜：双方的桃花、红鸾、天喜均未见于对方命盘');
  return lines;
}

function pairingGrounding(row: Extract<GroundingRow, { kind: 'pairing' }>, now: Date): string | null {
  const year = beijingYear(now.getTime());
  const a = castAgain(row.chart.input, year);
  const b = castAgain(row.partner.input, year);
  if (!a || !b) return null;
  const side = (label: string, c: BaziChart, name: string | null) =>
    `${label}（${name ? `“${name}”，` : ''}${c.gender === 'male' ? '男' : '女'}）：四柱 ${pillarsOf(c)
      .map(({ p }) => p.gan_zhi)
      .join(
        ' ',
      )}${c.hour_unknown ? '（时辰不详）' : ''}；日主 ${c.day_master.gan}${c.day_master.wu_xing}；五行 ${elementsLine(c.wu_xing_count)}`;
  return [
    '【合婚信息】（用户在“八字合婚”中选择的两个命盘，已确认对方同意使用其出生信息；以下只是传统合婚看的事实，没有分数，请据此解读，不要自行打分或断言成败）',
    side('甲方', a, row.chart.name),
    side('乙方', b, row.partner.name),
    ...pairingLines(pairingFacts(a, b)),
  ].join('\n');
}

/**
 * The system-prompt grounding for a session: its chart, year, month or pairing, else the latest chart. `full` (a
 * deep reply of a fortune persona) adds every pillar's details and every luck cycle.
 */
export function groundingText(row: GroundingRow, now: Date, o: { full?: boolean } = {}): string | null {
  if (row.kind === 'pairing') return pairingGrounding(row, now);
  return chartGrounding(row.chart, row.year, row.month, now, row.kind === 'chart', o.full ?? false);
}

/** The stored chart read defensively (another module's JSON); null when it has no usable pillars. */
export function summarizeChart(result: unknown, createdAt: Date, now: Date): string | null {
  const r = obj(result);
  const pillars = obj(r?.pillars);
  if (!r || !pillars) return null;
  const parts: { label: string; gan: string; zhi: string; naYin: string | null }[] = [];
  for (const k of PILLARS) {
    const p = obj(pillars[k]);
    const gan = str(p?.gan);
    const zhi = str(p?.zhi);
    if (!gan || !zhi) {
      if (k === 'hour') continue;
      return null;
    }
    parts.push({ label: PILLAR_LABELS[k], gan, zhi, naYin: str(p?.na_yin) });
  }
  const lines = [`【用户命盘摘要】（用户在“八字排盘”中保存的最新命盘，保存于 ${day(createdAt)}）`];
  lines.push(`四柱：${parts.map((p) => `${p.label} ${p.gan}${p.zhi}${p.naYin ? `（纳音${p.naYin}）` : ''}`).join('｜')}`);
  const dayGan = parts[2]?.gan ?? '';
  const master = obj(r.day_master);
  const element = str(master?.wu_xing) ?? elementOfChar(dayGan);
  lines.push(`日主：${dayGan}${element ? `（${str(master?.yin_yang) ?? ''}${element}）` : ''}`);
  const stored = obj(r.wu_xing_count);
  const counts: Record<string, number> = {};
  for (const e of WU_XING) counts[e] = 0;
  if (stored && WU_XING.some((e) => num(stored[e]) !== null)) for (const e of WU_XING) counts[e] = num(stored[e]) ?? 0;
  else for (const p of parts) for (const ch of [p.gan, p.zhi]) counts[elementOfChar(ch) ?? ''] = (counts[elementOfChar(ch) ?? ''] ?? 0) + 1;
  lines.push(`五行分布：${elementsLine(counts)}`);
  const year = beijingYear(now.getTime());
  const cycle = Array.isArray(r.da_yun)
    ? r.da_yun.map(obj).find((d) => (num(d?.start_year) ?? 1e9) <= year && year <= (num(d?.end_year) ?? 0))
    : null;
  if (cycle && str(cycle.gan_zhi)) lines.push(`当前大运：${str(cycle.gan_zhi)}（${num(cycle.start_year)}–${num(cycle.end_year)}年）`);
  return lines.join('\n');
}
