// `npm test`: lint and format check, type-check, then every tier in order (unit + web components, server integration,
// browser end-to-end).
// Integration tests also run on PostgreSQL when TEST_DATABASE_URL is set; with CI=true a missing Chromium, database
// or Redis (TEST_REDIS_URL) fails the run instead of skipping. Ends with one 'N passed, N failed' line summed over all tiers.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'lx-test-report-'));
// What the tests put in the temp folder (data folders of the apps and servers they start, config fixtures, browser
// profiles) goes under one folder of this run, removed at the end: a run used to leave ~300 empty folders in /tmp.
const runTmp = mkdtempSync(path.join(tmpdir(), 'lx-test-run-'));
const env = { ...process.env, TMPDIR: runTmp };
const typecheck = ['packages/shared', 'packages/bazi', 'apps/server', 'apps/web', 'scripts'];
// TypeScript 7's compiler; the package named `typescript` is TypeScript 6 for typescript-eslint (ADR 012).
const tsc = path.join(root, 'node_modules/typescript-7/bin/tsc');
const timings = [];
let failedSteps = 0;
let passed = 0;
let failed = 0;
let skipped = 0;

/** Runs one step, recording its wall time for the summary. */
function step(title, cmd, args) {
  console.log(`\n=== ${title}: ${[cmd === process.execPath ? 'node' : cmd, ...args].join(' ')} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  timings.push([title, Date.now() - started]);
  if (r.status !== 0) failedSteps += 1;
}
const tiers = [
  ['单元与组件测试', ['--project', 'unit', '--project', 'web']],
  ['服务端集成测试', ['--project', 'integration']],
  ['浏览器端到端测试', ['--project', 'e2e']],
];

/** Runs steps side by side (each is one process, mostly on one core), printing each one's output when it ends. */
async function together(steps) {
  const results = await Promise.all(
    steps.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
          let output = '';
          child.stdout.on('data', (c) => (output += c));
          child.stderr.on('data', (c) => (output += c));
          child.on('close', (code) => resolve({ title, cmd, args, code, output, ms: Date.now() - started }));
        }),
    ),
  );
  for (const r of results) {
    console.log(`\n=== ${r.title}: ${[r.cmd === process.execPath ? 'node' : r.cmd, ...r.args].join(' ')} ===`);
    process.stdout.write(r.output);
    timings.push([r.title, r.ms]);
    if (r.code !== 0) failedSteps += 1;
  }
}

const suiteStarted = Date.now();
// The static checks do not depend on each other; side by side they take the time of the slowest.
await together([
  ['代码规范检查', 'npx', ['eslint', '.']],
  ['格式检查', 'npx', ['prettier', '--check', '.']],
  ['类型检查', 'sh', ['-c', typecheck.map((project) => `"${process.execPath}" "${tsc}" -p ${project}`).join(' && ')]],
]);

tiers.forEach(([title, args], i) => {
  const report = path.join(out, `tier-${i}.json`);
  step(title, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    passed += j.numPassedTests ?? 0;
    failed += j.numFailedTests ?? 0;
    skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  }
});

rmSync(runTmp, { recursive: true, force: true });

console.log('\n各步骤用时:');
for (const [title, ms] of timings) console.log(`  ${title.padEnd(24)} ${(ms / 1000).toFixed(1)} s`);
console.log(`  ${'合计（实际用时）'.padEnd(20)} ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`);
console.log(failedSteps ? `\n${failedSteps} 个步骤失败` : '\n全部测试通过');
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps || failed ? 1 : 0);
