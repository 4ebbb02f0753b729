// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot reload, proxying /api.
// The tools are started with node directly (not through npx) so Ctrl-C or SIGTERM reaches them and nothing is orphaned.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const binOf = (pkg, from, bin) =>
  path.join(path.dirname(createRequire(path.join(from, 'package.json')).resolve(`${pkg}/package.json`)), bin);

const children = [
  spawn(process.execPath, [binOf('tsx', root, 'dist/cli.mjs'), 'watch', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [binOf('vite', web, 'bin/vite.js')], { cwd: web, stdio: 'inherit' }),
];
const stop = (sig) => children.forEach((c) => c.exitCode === null && c.kill(sig));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children)
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
