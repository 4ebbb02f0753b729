/**
 * The chart as JSON, byte for byte what JSON.stringify(chart) gives, at a fraction of its cost. Most of a chart is
 * frozen objects shared by every chart (pillar views, luck-cycle analyses, decades of 流年, term marks, a year's 流月,
 * relations, 干支 views), so their JSON is made once and kept beside them; what is left per chart is a few dozen
 * string concatenations. chart-json.test.ts checks the equality on thousands of charts. Plain functions, no closures:
 * the server runs this file through tsx, which wraps every closure it creates in a naming helper.
 */
import type { BaziChart, ChartPillar, DaYun, GanZhiView, LiuNian, TermMark } from './chart-types';

const str = JSON.stringify;

/**
 * Where chart JSON is written: `text` for per-chart text, `shared` for a frozen object shared between charts (the sink
 * may keep its JSON, or its bytes). A class, not closures: the server runs this file through tsx, which wraps every
 * closure it creates in a naming helper.
 */
export interface ChartJsonSink {
  text(json: string): void;
  shared(value: object): void;
}

const memo = new WeakMap<object, string>();
/** JSON of a frozen shared object, made the first time it is met. */
export function sharedJson(value: object): string {
  let json = memo.get(value);
  if (json === undefined) {
    json = str(value);
    memo.set(value, json);
  }
  return json;
}

/** JSON text shared by many charts, boxed so a sink can keep its bytes like any other shared part. */
type TextBox = { readonly json: string };
const textBoxes = new WeakSet<object>();
function textBox(json: string): TextBox {
  const box = Object.freeze({ json });
  textBoxes.add(box);
  return box;
}

/**
 * A pillar's view without its stars is shared by every chart with that day master and pillar: its JSON up to the
 * stars is one text box per (day master, pillar), kept under day master → 干支 → ten god (constant strings whose hash
 * is kept: no key string is built per pillar).
 */
const viewHeads = new Map<string, Map<string, Map<string, TextBox>>>();
function pillarHead(p: ChartPillar, dayMaster: string): TextBox {
  let byGanZhi = viewHeads.get(dayMaster);
  if (byGanZhi === undefined) viewHeads.set(dayMaster, (byGanZhi = new Map()));
  let byTenGod = byGanZhi.get(p.gan_zhi);
  if (byTenGod === undefined) byGanZhi.set(p.gan_zhi, (byTenGod = new Map()));
  let box = byTenGod.get(p.shi_shen);
  if (box === undefined) {
    const { shen_sha: _stars, ...view } = p;
    box = textBox(`${str(view).slice(0, -1)},"shen_sha":`);
    byTenGod.set(p.shi_shen, box);
  }
  return box;
}
/** The JSON of a text box is its text, not the box: see StringSink and the server's byte sink. */
export const isTextBox = (value: object): value is TextBox => textBoxes.has(value);

function pillar(out: ChartJsonSink, key: string, p: ChartPillar | null, dayMaster: string): void {
  out.text(`"${key}":`);
  if (p === null) return out.text('null');
  out.shared(pillarHead(p, dayMaster));
  // Star names are this package's own constants, so joining them needs no escaping.
  out.text(p.shen_sha.length ? `["${p.shen_sha.join('","')}"]}` : '[]}');
}

/** The term before the birth and the one after it: always the same neighbours, so one box per pair. */
const termPairs = new WeakMap<TermMark, Map<TermMark, TextBox>>();
function termPair(previous: TermMark, next: TermMark): TextBox {
  let byNext = termPairs.get(previous);
  if (byNext === undefined) termPairs.set(previous, (byNext = new Map()));
  let box = byNext.get(next);
  if (box === undefined) {
    box = textBox(`${str(previous)},"next_term":${str(next)}`);
    byNext.set(next, box);
  }
  return box;
}

function daYun(out: ChartJsonSink, d: DaYun): void {
  out.text(
    `{"gan_zhi":"${d.gan_zhi}","start_age":${d.start_age},"end_age":${d.end_age},"start_year":${d.start_year},"end_year":${d.end_year},"analysis":`,
  );
  out.shared(d.analysis);
  out.text(',"events":');
  out.shared(d.events);
  if (d.liu_nian) {
    out.text(',"liu_nian":');
    out.shared(d.liu_nian);
  }
  out.text('}');
}

function relations(out: ChartJsonSink, rs: BaziChart['relations']): void {
  out.text('[');
  for (let i = 0; i < rs.length; i++) {
    if (i) out.text(',');
    out.shared(rs[i] as object);
  }
  out.text(']');
}

function view(out: ChartJsonSink, key: string, v: GanZhiView | null): void {
  out.text(`,"${key}":`);
  if (v === null) out.text('null');
  else out.shared(v);
}

/** Writes a chart made by computeChart; the text equals JSON.stringify(chart), key order included. */
export function writeChartJson(c: BaziChart, out: ChartJsonSink): void {
  const dm = c.day_master.gan;
  out.text(`{"gender":"${c.gender}","title":"${c.title}","birth_place":${str(c.birth_place)},"place":`);
  out.shared(c.place);
  out.text(
    `,"birth_time":"${c.birth_time}","solar_date":"${c.solar_date}","lunar_date":${str(c.lunar_date)},` +
      `"standard_time":"${c.standard_time}","corrected_time":"${c.corrected_time}","corrections":${str(c.corrections)},"previous_term":`,
  );
  out.shared(termPair(c.previous_term, c.next_term));
  out.text(',"pillars":{');
  pillar(out, 'year', c.pillars.year, dm);
  out.text(',');
  pillar(out, 'month', c.pillars.month, dm);
  out.text(',');
  pillar(out, 'day', c.pillars.day, dm);
  out.text(',');
  pillar(out, 'hour', c.pillars.hour, dm);
  out.text('},"day_master":');
  out.shared(c.day_master);
  const w = c.wu_xing_count;
  const q = c.qi_yun;
  // Small per-chart objects written out (key order as built): JSON.stringify of each cost more than its copy.
  out.text(
    `,"wu_xing_count":{"木":${w.木},"火":${w.火},"土":${w.土},"金":${w.金},"水":${w.水}},"qi_yun":{"direction":"${q.direction}",` +
      `"years":${q.years},"months":${q.months},"days":${q.days},"hours":${q.hours},"minutes":${q.minutes},"moment":"${q.moment}","term":`,
  );
  out.shared(q.term);
  out.text(`,"text":"${q.text}"},"da_yun":[`);
  for (let i = 0; i < c.da_yun.length; i++) {
    if (i) out.text(',');
    daYun(out, c.da_yun[i] as DaYun);
  }
  out.text('],"options":');
  out.shared(c.options);
  out.text(`,"hour_unknown":${c.hour_unknown}`);
  view(out, 'tai_yuan', c.tai_yuan);
  view(out, 'tai_xi', c.tai_xi);
  view(out, 'ming_gong', c.ming_gong);
  view(out, 'shen_gong', c.shen_gong);
  out.text(',"relations":');
  relations(out, c.relations);
  out.text(`,"warnings":${str(c.warnings)},"xiao_yun":[`);
  for (let i = 0; i < c.xiao_yun.length; i++) {
    const x = c.xiao_yun[i] as LiuNian;
    out.text(`${i ? ',' : ''}{"gan_zhi":"${x.gan_zhi}","year":${x.year},"age":${x.age}}`);
  }
  out.text(']');
  const y = c.yun_relations;
  if (c.liu_yue_year !== undefined && c.liu_yue && y) {
    out.text(`,"liu_yue_year":${c.liu_yue_year},"liu_yue":`);
    out.shared(c.liu_yue);
    out.text(
      `,"yun_relations":{"year":${y.year},"da_yun":${y.da_yun === null ? 'null' : `"${y.da_yun}"`},"liu_nian":"${y.liu_nian}","relations":`,
    );
    relations(out, y.relations);
    out.text('}');
  }
  out.text('}');
}

/** JSON text of a shared part: a text box stands for its text, anything else for its JSON. */
export function sharedPartJson(value: object): string {
  return isTextBox(value) ? value.json : sharedJson(value);
}

class StringSink implements ChartJsonSink {
  json = '';
  text(json: string): void {
    this.json += json;
  }
  shared(value: object): void {
    this.json += sharedPartJson(value);
  }
}

/** Serialises a chart made by computeChart; key order and values equal JSON.stringify(chart). */
export function chartToJson(c: BaziChart): string {
  const sink = new StringSink();
  writeChartJson(c, sink);
  return sink.json;
}
