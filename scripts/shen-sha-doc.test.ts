import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHEN_SHA_RULES } from '@lingxi/bazi';
import { describe, expect, it } from 'vitest';
import { shenShaDoc } from './lib/shen-sha-doc';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/bazi-shen-sha.md');

describe('docs/bazi-shen-sha.md', () => {
  it('is the calculator’s own rule tables (run `npx tsx scripts/shen-sha-doc.ts` after changing a rule)', () => {
    expect(readFileSync(file, 'utf8')).toBe(shenShaDoc());
  });
  it('documents every rule with its source and the pillar it is looked up from', () => {
    const doc = shenShaDoc();
    for (const rule of SHEN_SHA_RULES) {
      expect(doc).toContain(`## ${rule.name}（`);
      expect(doc).toContain(`- 出处：${rule.source}`);
    }
  });
});
