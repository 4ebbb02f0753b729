/** Rewrites docs/bazi-shen-sha.md from the calculator's 神煞 rule tables: `npx tsx scripts/shen-sha-doc.ts`. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shenShaDoc } from './lib/shen-sha-doc';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/bazi-shen-sha.md');
writeFileSync(file, shenShaDoc());
console.log(`wrote ${file}`);
