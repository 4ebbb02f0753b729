// Lighthouse (and the Chrome launcher it brings) is a third of a full install and only `npm run bench:web` uses it,
// so it is not a dependency of the repo: the first run installs these pinned versions into node_modules/.cache (the
// next `npm ci` wipes them with the rest of node_modules), later runs reuse them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const LIGHTHOUSE = '12.8.2';
const CHROME_LAUNCHER = '1.2.1';

/** The parts of Lighthouse's result the benchmark reads. */
export interface LighthouseResult {
  lhr: {
    runtimeError?: { code: string; message: string };
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<string, { displayValue?: string; details?: unknown } | undefined>;
  };
}
export type Lighthouse = (
  url: string,
  flags: { port: number; onlyCategories: string[]; output: 'json'; logLevel: 'error' },
) => Promise<LighthouseResult | undefined>;
export interface LaunchedChrome {
  port: number;
  kill(): Promise<void> | void;
}
export type LaunchChrome = (o: { chromePath: string; chromeFlags: string[] }) => Promise<LaunchedChrome>;

export async function loadLighthouse(root: string): Promise<{ lighthouse: Lighthouse; launchChrome: LaunchChrome }> {
  const dir = path.join(root, 'node_modules/.cache/lingxi-bench-web');
  const entry = (name: string, main: string) => path.join(dir, 'node_modules', name, main);
  const lighthouseMain = entry('lighthouse', 'core/index.js');
  const launcherMain = entry('chrome-launcher', 'dist/index.js');
  if (!existsSync(lighthouseMain) || !existsSync(launcherMain)) {
    console.log(`installing lighthouse@${LIGHTHOUSE} for this benchmark into ${path.relative(root, dir)} …`);
    mkdirSync(dir, { recursive: true });
    const r = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `lighthouse@${LIGHTHOUSE}`,
        `chrome-launcher@${CHROME_LAUNCHER}`,
      ],
      { stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error('could not install lighthouse');
  }
  const lighthouse = ((await import(pathToFileURL(lighthouseMain).href)) as { default: Lighthouse }).default;
  const { launch } = (await import(pathToFileURL(launcherMain).href)) as { launch: LaunchChrome };
  return { lighthouse, launchChrome: launch };
}
