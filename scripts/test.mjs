// `npm test`: type-check, then every tier in order (unit + web components, server integration, browser end-to-end).
// Integration tests also run on PostgreSQL when TEST_DATABASE_URL is set; with CI=true a missing Chromium or
// database fails the run instead of skipping. Ends with one 'N passed, N failed' line summed over all tiers.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'lx-test-report-'));
const typecheck = ['packages/shared', 'packages/bazi', 'apps/server', 'apps/web', 'scripts'];
const tiers = [
  ['单元与组件测试', ['--project', 'unit', '--project', 'web']],
  ['服务端集成测试', ['--project', 'integration']],
  ['浏览器端到端测试', ['--project', 'e2e']],
];

let failedSteps = 0;
let passed = 0;
let failed = 0;
let skipped = 0;

for (const project of typecheck) {
  console.log(`\n=== 类型检查: tsc -p ${project} ===`);
  const r = spawnSync('npx', ['tsc', '-p', project], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failedSteps += 1;
}

tiers.forEach(([title, args], i) => {
  const report = path.join(out, `tier-${i}.json`);
  console.log(`\n=== ${title}: vitest run ${args.join(' ')} ===`);
  const r = spawnSync('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) failedSteps += 1;
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    passed += j.numPassedTests ?? 0;
    failed += j.numFailedTests ?? 0;
    skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  }
});

console.log(failedSteps ? `\n${failedSteps} 个步骤失败` : '\n全部测试通过');
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps || failed ? 1 : 0);
