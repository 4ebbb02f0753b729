// When the built web app (dist/) is out of date, and how to rebuild it. One rule for `npm start` (scripts/start.mjs)
// and the browser tests (e2e/global-setup.ts), so neither serves a stale build nor rebuilds for nothing.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(web, '../..');
const builtIndex = path.join(web, 'dist/index.html');

/** Everything the bundle is made from: the app, its build plugins, the packages it imports and the installed versions. */
export const webBuildInputs = [
  ...['src', 'public', 'index.html', 'vite.config.ts', 'precompress.ts', 'route-preload.ts', 'package.json'].map((p) => path.join(web, p)),
  ...['packages/shared/src', 'packages/bazi/src', 'package-lock.json'].map((p) => path.join(root, p)),
];

// Tests are not bundled; dot-files (editor swap files, .DS_Store) are not sources.
const skipped = (name) => name === 'node_modules' || name === '__tests__' || name.startsWith('.');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (!skipped(entry)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when there is no build, or any input changed after it was made. */
export function isWebBuildStale({ built = builtIndex, inputs = webBuildInputs } = {}) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return builtAt === 0 || inputs.some((input) => newestMtime(input) > builtAt);
}

/**
 * Builds the production bundle, resolving when it is written. NODE_ENV is forced: under vitest (NODE_ENV=test) Vite
 * would otherwise make a development-mode React/antd bundle unlike the one we ship. A child process, so the caller can
 * prepare other things meanwhile.
 */
export function buildWeb({ logLevel = 'info' } = {}) {
  const vite = path.join(web, 'node_modules/vite/bin/vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', logLevel], {
      cwd: web,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('vite build failed'))));
  });
}
