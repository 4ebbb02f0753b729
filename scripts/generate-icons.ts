/**
 * Draws the installable app's PNG icons (issue #16) from the favicon's design with Debian's Chromium, so the PNGs in
 * apps/web/public/icons are reproducible: `npx tsx scripts/generate-icons.ts`. "any" icons are the rounded green tile;
 * the maskable ones fill the whole square and keep the glyph inside the central 80 % safe zone, as the spec asks.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = fileURLToPath(new URL('../apps/web/public/icons/', import.meta.url));
const GREEN = '#16a34a';
const FONT = "'Noto Sans CJK SC','Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif";

const tile = (maskable: boolean) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">` +
  (maskable ? `<rect width="64" height="64" fill="${GREEN}"/>` : `<rect width="64" height="64" rx="14" fill="${GREEN}"/>`) +
  `<text x="32" y="${maskable ? 41.5 : 44}" font-size="${maskable ? 26 : 34}" text-anchor="middle" fill="#fff" font-family="${FONT}" font-weight="600">犀</text></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-192.png', size: 192, maskable: true },
  { file: 'maskable-512.png', size: 512, maskable: true },
  // iOS draws its own rounded corners on a full square.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${tile(icon.maskable)}</body></html>`);
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
    console.log(`${icon.file} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
