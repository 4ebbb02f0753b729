import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const webRoot = path.join(repoRoot, 'apps/web');
export const screenshotDir = path.join(repoRoot, 'screenshots');
/** Debian's full Chromium: the one test that asks Chrome itself whether the app is installable needs it. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const debianShell = '/usr/lib/chromium/chromium-headless-shell';
/**
 * The browser the tests click through: Debian's headless shell (package chromium-headless-shell, the same Blink and
 * V8 as Chromium without the desktop browser around them) when installed, which took a third less CPU for the same
 * specs on the 2-core machines here; otherwise the full Chromium.
 */
export const headlessPath =
  process.env.CHROMIUM_HEADLESS_PATH ?? (!process.env.CHROMIUM_PATH && existsSync(debianShell) ? debianShell : chromiumPath);
