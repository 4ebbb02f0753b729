/**
 * docs/bazi-shen-sha.md, written from the calculator's own rule tables (packages/bazi/src/shensha), so the document a
 * user reads is the rule the chart applies. `npx tsx scripts/shen-sha-doc.ts` rewrites it; shen-sha-doc.test.ts fails
 * when it is out of date.
 */
import { LOOKUP_LABELS, PILLAR_LABELS, SHEN_SHA_RULES, type ShenShaRule } from '@lingxi/bazi';

const NATURE = { 吉: '吉神', 凶: '凶煞', 中: '吉凶看配合' } as const;

function table(rule: ShenShaRule): string[] {
  if (rule.kind !== 'table') return [];
  const head = rule.from.map((k) => LOOKUP_LABELS[k]).join(' / ');
  const target = { branch: '所见地支', stem: '所见天干', stem_or_branch: '所见天干或地支', pillar: '所见干支' }[rule.look];
  return [
    `| ${head} | ${target} |`,
    '|---|---|',
    ...Object.entries(rule.table).map(([k, v]) => `| ${[...k].join(' ')} | ${v.split(' ').join('、')} |`),
  ];
}

export function shenShaDoc(): string {
  const lines = [
    '# 八字神煞：规则与出处',
    '',
    '灵犀排盘（`@lingxi/bazi`）在每一柱上标出的神煞，逐条列出：查法、依据哪一柱查（年干、日干、年支、日支、月支、年柱纳音、日柱）、',
    '可落在哪几柱、出处，以及与其他流派的差异。本文件由 `packages/bazi/src/shensha` 的规则表生成（`npx tsx scripts/shen-sha-doc.ts`），',
    '与计算所用的表一字不差；每条规则都有按出处逐项写出的单元测试（`packages/bazi/src/shensha/*.test.ts`）。',
    '',
    '通用约定：',
    '',
    '- 同时以两柱为依据的（日干与年干、年支与日支），任一柱查到即标出；依据柱本身也在查找范围内（如年支辰，年柱即见华盖）。',
    '- 出生时辰不详时没有时柱，凡落在时柱的神煞都不标出。',
    '- 神煞是传统命理的说法，仅供文化参考；页面上的释义只说明传统含义，不作吉凶断语。',
    '',
    `共 ${SHEN_SHA_RULES.length} 条。`,
    '',
  ];
  for (const rule of SHEN_SHA_RULES) {
    lines.push(`## ${rule.name}（${NATURE[rule.nature]}）`, '');
    lines.push(`- 查法：${rule.how}`);
    lines.push(`- 依据：${rule.from.length ? rule.from.map((k) => LOOKUP_LABELS[k]).join('、') : '三柱天干的排列'}`);
    lines.push(`- 可落在：${rule.on.map((p) => PILLAR_LABELS[p]).join('、')}`);
    lines.push(`- 出处：${rule.source}`);
    lines.push(`- 传统含义：${rule.meaning}`);
    if (rule.kind === 'set') lines.push(`- 干支：${rule.pillars.split(' ').join('、')}`);
    if (rule.variants) lines.push(`- 流派差异：${rule.variants}`);
    const t = table(rule);
    if (t.length) lines.push('', ...t);
    lines.push('');
  }
  return lines.join('\n');
}
