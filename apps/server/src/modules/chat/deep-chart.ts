import { summarizeChart } from './bazi-context';

/**
 * The grounding of a deep reply for the fortune personas: the user's whole saved chart, not the summary a free reply
 * gets — every pillar with its hidden stems, ten gods, na yin, twelve stages and void, the five-element counts, the
 * start of luck and every luck pillar with its years. Read defensively (the stored JSON is the bazi module's
 * contract): a field that is missing is left out; a chart without pillars falls back to the summary.
 */

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
const PILLARS = [
  ['year', '年柱'],
  ['month', '月柱'],
  ['day', '日柱'],
  ['hour', '时柱'],
] as const;
/** A deep prompt's grounding stays within a few thousand characters, whatever the stored JSON holds. */
const MAX_CHARS = 4_000;

function pillarLine(label: string, p: Obj): string | null {
  const gan = str(p.gan);
  const zhi = str(p.zhi);
  if (!gan || !zhi) return null;
  const parts: string[] = [];
  const ganWx = str(p.gan_wu_xing);
  const tenGod = str(p.shi_shen);
  parts.push(`天干${gan}${ganWx ? `（${ganWx}）` : ''}${tenGod ? `，十神${tenGod}` : ''}`);
  const zhiWx = str(p.zhi_wu_xing);
  const zhiGod = str(p.zhi_shi_shen);
  parts.push(`地支${zhi}${zhiWx ? `（${zhiWx}）` : ''}${zhiGod ? `，本气十神${zhiGod}` : ''}`);
  const hidden = Array.isArray(p.hidden_stems)
    ? p.hidden_stems
        .map((h) => obj(h))
        .filter((h): h is Obj => !!h && !!str(h.gan))
        .map((h) => `${str(h.gan)}${str(h.shi_shen) ? `（${str(h.shi_shen)}）` : ''}`)
    : [];
  if (hidden.length) parts.push(`藏干 ${hidden.join(' ')}`);
  for (const [key, name] of [
    ['na_yin', '纳音'],
    ['di_shi', '十二长生'],
    ['xun_kong', '空亡'],
  ] as const) {
    const v = str(p[key]);
    if (v) parts.push(`${name}${v}`);
  }
  return `- ${label} ${gan}${zhi}：${parts.join('；')}`;
}

function luckLines(daYun: unknown, year: number): string[] {
  if (!Array.isArray(daYun)) return [];
  const lines: string[] = [];
  for (const d of daYun) {
    const o = obj(d);
    const gz = str(o?.gan_zhi);
    if (!o || !gz) continue;
    const from = typeof o.start_year === 'number' ? o.start_year : null;
    const to = typeof o.end_year === 'number' ? o.end_year : null;
    const ages = typeof o.start_age === 'number' && typeof o.end_age === 'number' ? `${o.start_age}–${o.end_age}岁` : '';
    const years = from !== null && to !== null ? `${from}–${to}年` : '';
    const god = str(obj(obj(o.analysis)?.stem)?.shi_shen);
    const now = from !== null && to !== null && year >= from && year <= to ? '（当前大运）' : '';
    lines.push(`- ${gz}：${[ages, years].filter(Boolean).join('，')}${god ? `，天干十神${god}` : ''}${now}`);
  }
  return lines;
}

export function fullChartText(result: unknown, createdAt: Date, now: Date): string | null {
  const r = obj(result);
  const pillars = obj(r?.pillars);
  if (!r || !pillars) return null;
  const lines = [`【用户完整命盘】（用户在“八字排盘”中保存的最新命盘，保存于 ${createdAt.toISOString().slice(0, 10)}；深度服务据此分析）`];
  const title = str(r.title) ?? (r.gender === 'male' ? '乾造' : r.gender === 'female' ? '坤造' : null);
  const birth = [str(r.solar_date) ?? str(r.birth_time), str(r.birth_place)].filter(Boolean).join('，');
  const lunar = str(obj(r.lunar_date)?.text);
  if (title || birth) lines.push(`${title ?? ''}${birth ? `；出生：${birth}` : ''}${lunar ? `；农历${lunar}` : ''}`);
  const corrected = str(r.corrected_time);
  if (corrected && corrected !== str(r.standard_time)) lines.push(`校正后时间：${corrected}`);
  lines.push('四柱：');
  for (const [key, label] of PILLARS) {
    const p = obj(pillars[key]);
    const line = p && pillarLine(label, p);
    if (!line) return summarizeChart(result, createdAt, now);
    lines.push(line);
  }
  const master = obj(r.day_master);
  if (master && str(master.gan)) lines.push(`日主：${str(master.gan)}（${str(master.yin_yang) ?? ''}${str(master.wu_xing) ?? ''}）`);
  const counts = obj(r.wu_xing_count);
  if (counts) {
    const text = Object.entries(counts)
      .filter(([, n]) => typeof n === 'number')
      .map(([k, n]) => `${k}${n}`)
      .join(' ');
    if (text) lines.push(`五行个数：${text}`);
  }
  const qiYun = str(obj(r.qi_yun)?.text);
  if (qiYun) lines.push(`起运：${qiYun}`);
  const luck = luckLines(r.da_yun, now.getFullYear());
  if (luck.length) lines.push('大运：', ...luck);
  const text = lines.join('\n');
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}
