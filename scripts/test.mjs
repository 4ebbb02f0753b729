// `npm test`: type-check, then every tier in order (unit, web components, server integration, browser end-to-end).
// Integration tests also run on PostgreSQL when TEST_DATABASE_URL is set; with CI=true a missing Chromium or
// database fails the run instead of skipping.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = [
  ['类型检查', 'npx', ['tsc', '-p', 'packages/shared'], ['tsc', '-p', 'packages/bazi'], ['tsc', '-p', 'apps/server'], ['tsc', '-p', 'apps/web']],
  ['单元与组件测试', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'web']],
  ['服务端集成测试', 'npx', ['vitest', 'run', '--project', 'integration']],
  ['浏览器端到端测试', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

let failed = 0;
for (const [title, cmd, ...runs] of steps) {
  for (const args of runs) {
    console.log(`\n=== ${title}: ${cmd} ${args.join(' ')} ===`);
    const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
    if (r.status !== 0) {
      failed += 1;
      console.error(`✗ ${title} 失败 (exit ${r.status})`);
    }
  }
}
console.log(failed ? `\n${failed} 个步骤失败` : '\n全部测试通过');
process.exit(failed ? 1 : 0);
