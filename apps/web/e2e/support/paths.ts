import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const webRoot = path.join(repoRoot, 'apps/web');
export const screenshotDir = path.join(repoRoot, 'screenshots');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
