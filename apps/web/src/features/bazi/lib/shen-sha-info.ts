import { LOOKUP_LABELS, SHEN_SHA_RULES, type ShenShaRule } from '@lingxi/bazi';

const BY_NAME = new Map<string, ShenShaRule>(SHEN_SHA_RULES.map((r) => [r.name, r]));

/** How a star is looked up and where the rule comes from, to show beside it (docs/bazi-shen-sha.md has the tables). */
export function shenShaInfo(
  name: string,
): { nature: ShenShaRule['nature']; meaning: string; how: string; from: string; source: string } | null {
  const rule = BY_NAME.get(name);
  if (!rule) return null;
  return {
    nature: rule.nature,
    meaning: rule.meaning,
    how: rule.how,
    from: rule.from.map((k) => LOOKUP_LABELS[k]).join('、'),
    source: rule.source,
  };
}

export const NATURE_COLOR: Record<ShenShaRule['nature'], string> = { 吉: 'green', 凶: 'volcano', 中: 'gold' };
