import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isWebBuildStale, webBuildInputs } from '../apps/web/web-build.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A source tree and a build, with the build made at t = 1000 s. */
function tree() {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  dirs.push(dir);
  const write = (rel: string, atSeconds: number) => {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'x');
    utimesSync(file, atSeconds, atSeconds);
    return file;
  };
  const built = write('dist/index.html', 1000);
  return { dir, write, built };
}

describe('web build freshness (npm start and the e2e set-up)', () => {
  it('is stale with no build, fresh when every input is older, stale when one input is newer', () => {
    const { dir, write, built } = tree();
    const inputs = [path.join(dir, 'src'), path.join(dir, 'package-lock.json')];
    write('src/app/page.tsx', 900);
    write('package-lock.json', 900);
    // A folder's own time counts too (a deleted file changes only its folder's time).
    for (const d of ['src/app', 'src']) utimesSync(path.join(dir, d), 900, 900);
    expect(isWebBuildStale({ built: path.join(dir, 'missing.html'), inputs })).toBe(true);
    expect(isWebBuildStale({ built, inputs })).toBe(false);
    write('package-lock.json', 1100);
    expect(isWebBuildStale({ built, inputs })).toBe(true);
  });

  it('ignores tests, node_modules and dot-files, which are not bundled', () => {
    const { dir, write, built } = tree();
    write('src/page.tsx', 900);
    utimesSync(path.join(dir, 'src'), 900, 900);
    write('src/__tests__/page.test.tsx', 1100);
    write('src/node_modules/x/index.js', 1100);
    write('src/.page.tsx.swp', 1100);
    for (const d of ['src/__tests__', 'src/node_modules', 'src/node_modules/x', 'src']) utimesSync(path.join(dir, d), 900, 900);
    expect(isWebBuildStale({ built, inputs: [path.join(dir, 'src')] })).toBe(false);
    write('src/feature/new.tsx', 1100);
    expect(isWebBuildStale({ built, inputs: [path.join(dir, 'src')] })).toBe(true);
  });

  it('watches the build plugins, the shared and Bazi packages and the installed versions', () => {
    const names = webBuildInputs.map((p) => path.relative(path.resolve(import.meta.dirname, '..'), p));
    expect(names).toEqual(
      expect.arrayContaining([
        'apps/web/src',
        'apps/web/vite.config.ts',
        'apps/web/route-preload.ts',
        'packages/shared/src',
        'packages/bazi/src',
        'package-lock.json',
      ]),
    );
  });
});
