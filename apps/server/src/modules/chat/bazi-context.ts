/**
 * Grounded context for the fortune-telling personas: a compact summary of the user's latest saved chart (read by
 * turn-repository.ts). The chart table belongs to the bazi module; we only read it (no import of that module), and
 * read defensively, because the stored JSON is another module's contract (spec §3 Bazi result).
 */
const STEM_ELEMENT: Record<string, string> = {
  甲: '木',
  乙: '木',
  丙: '火',
  丁: '火',
  戊: '土',
  己: '土',
  庚: '金',
  辛: '金',
  壬: '水',
  癸: '水',
};
const BRANCH_ELEMENT: Record<string, string> = {
  寅: '木',
  卯: '木',
  巳: '火',
  午: '火',
  辰: '土',
  戌: '土',
  丑: '土',
  未: '土',
  申: '金',
  酉: '金',
  亥: '水',
  子: '水',
};
const ELEMENTS = ['木', '火', '土', '金', '水'] as const;
const PILLARS = [
  ['year', '年柱'],
  ['month', '月柱'],
  ['day', '日柱'],
  ['hour', '时柱'],
] as const;

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

/** Returns null when the stored result has no usable pillars. */
export function summarizeChart(result: unknown, createdAt: Date, now: Date): string | null {
  const r = obj(result);
  const pillars = obj(r?.pillars);
  if (!r || !pillars) return null;
  const parts: { label: string; gan: string; zhi: string; naYin: string | null; tenGod: string | null }[] = [];
  for (const [k, label] of PILLARS) {
    const p = obj(pillars[k]);
    const gan = str(p?.gan);
    const zhi = str(p?.zhi);
    if (!gan || !zhi) return null;
    parts.push({ label, gan, zhi, naYin: str(p?.na_yin), tenGod: str(p?.shi_shen) });
  }
  const lines = [`【用户命盘摘要】（用户在“八字排盘”中保存的最新命盘，保存于 ${createdAt.toISOString().slice(0, 10)}）`];
  const gender = str(r.gender);
  const birth = [str(r.solar_date) ?? str(r.birth_time), str(r.birth_place)].filter(Boolean).join('，');
  if (gender || birth)
    lines.push(
      `性别：${gender === 'male' ? '男（乾造）' : gender === 'female' ? '女（坤造）' : (gender ?? '未知')}${birth ? `；出生：${birth}` : ''}`,
    );
  lines.push(`四柱：${parts.map((p) => `${p.label} ${p.gan}${p.zhi}${p.naYin ? `（纳音${p.naYin}）` : ''}`).join('｜')}`);
  const tenGods = parts.filter((p) => p.tenGod && p.label !== '日柱').map((p) => `${p.label}天干${p.tenGod}`);
  if (tenGods.length) lines.push(`十神：${tenGods.join('，')}`);
  const dayGan = parts[2]!.gan;
  const master = obj(r.day_master);
  const element = str(master?.wu_xing) ?? STEM_ELEMENT[dayGan];
  const yinYang = str(master?.yin_yang);
  lines.push(`日主：${dayGan}${element ? `（${yinYang ?? ''}${element}）` : ''}`);
  lines.push(`五行分布：${fiveElements(r, parts)}`);
  const luck = currentLuck(r.da_yun, now.getFullYear());
  if (luck) lines.push(`当前大运：${luck}`);
  return lines.join('\n');
}

function fiveElements(r: Obj, parts: { gan: string; zhi: string }[]): string {
  // Prefer counts the calculator stored; else count the eight characters' own elements (stems, branch main element).
  const stored = obj(r.wu_xing_count) ?? obj(r.wu_xing) ?? obj(r.five_elements);
  const counts: Record<string, number> = Object.fromEntries(ELEMENTS.map((e) => [e, 0]));
  if (stored && ELEMENTS.some((e) => num(stored[e]) !== null)) {
    for (const e of ELEMENTS) counts[e] = num(stored[e]) ?? 0;
  } else {
    for (const p of parts) {
      const a = STEM_ELEMENT[p.gan];
      const b = BRANCH_ELEMENT[p.zhi];
      if (a) counts[a]! += 1;
      if (b) counts[b]! += 1;
    }
  }
  const text = ELEMENTS.map((e) => `${e}${counts[e]}`).join(' ');
  const missing = ELEMENTS.filter((e) => counts[e] === 0);
  return missing.length ? `${text}（缺${missing.join('、')}）` : text;
}

function currentLuck(daYun: unknown, year: number): string | null {
  if (!Array.isArray(daYun)) return null;
  for (const d of daYun) {
    const o = obj(d);
    const from = num(o?.start_year);
    const to = num(o?.end_year);
    const gz = str(o?.gan_zhi);
    if (!o || !gz || from === null || to === null || year < from || year > to) continue;
    const ages = num(o.start_age) !== null && num(o.end_age) !== null ? `${o.start_age}–${o.end_age}岁，` : '';
    return `${gz}（${ages}${from}–${to}年）`;
  }
  return null;
}
