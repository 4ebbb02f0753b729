// `npm run bench:web`: what a phone downloads before /login can paint (initial JS and CSS, gzip) and a Lighthouse
// mobile performance run of the built app in Debian's Chromium. Targets: ≤ 250 KB gzip JS, score ≥ 90.
// `--runs=N` runs Lighthouse N times per page and reports the median run: its simulated CPU figures (TBT above all)
// move with whatever else the machine is doing, which is why the load average is printed too.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { testConfig } from '../apps/server/test/support/app';
import { loadLighthouse } from './lib/lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const { lighthouse, launchChrome } = await loadLighthouse(root);
const dist = path.join(root, 'apps/web/dist');

console.log('building apps/web …');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
  cwd: path.join(root, 'apps/web'),
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (build.status !== 0) process.exit(1);

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const refs = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
const js = [...refs(/<script[^>]+src="([^"]+)"/g), ...refs(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)];
const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
const gz = (files: string[]) => files.reduce((n, f) => n + gzipSync(readFileSync(path.join(dist, f))).length, 0);
const jsKb = gz(js) / 1024;
const cssKb = gz(css) / 1024;
console.log(
  `entry JS (index.html and its modulepreloads): ${js.length} files, ${jsKb.toFixed(1)} KB gzip; CSS ${cssKb.toFixed(1)} KB gzip`,
);

const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({ config: testConfig({ WEB_DIST: dist }), database });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const chrome = await launchChrome({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const runs = Math.max(1, Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 1) || 1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
console.log(`load average (1 / 5 / 15 min) before Lighthouse: ${load()}`);
try {
  for (const page of ['/login', '/about']) {
    const results: { score: number; text: string }[] = [];
    for (let run = 1; run <= runs; run++) {
      const r = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      if (!r) throw new Error('Lighthouse returned no result');
      const lhr = r.lhr;
      if (lhr.runtimeError) {
        // A run Lighthouse could not measure (it says why) is reported, not counted as a score of 0.
        console.log(`  run ${run}: no result — ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        continue;
      }
      const score = Math.round((lhr.categories.performance!.score ?? 0) * 100);
      const a = (id: string) => lhr.audits[id]?.displayValue ?? '-';
      if (!results.length) {
        // What the page really fetched before it settled, route chunks included (brotli as served).
        const items =
          (
            lhr.audits['network-requests']?.details as
              { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
          )?.items ?? [];
        const scripts = items.filter((i) => i.resourceType === 'Script');
        const kb = scripts.reduce((n, i) => n + (i.transferSize ?? 0), 0) / 1024;
        const gzKb = scripts.reduce((n, i) => n + gzipSync(readFileSync(path.join(dist, new URL(i.url).pathname))).length, 0) / 1024;
        console.log(
          `JS loaded for ${page}: ${scripts.length} files, ${gzKb.toFixed(1)} KB gzip (${kb.toFixed(1)} KB transferred as brotli) (target ≤ 250 KB gzip) ${gzKb <= 250 ? '✓' : '✗'}`,
        );
      }
      const text = `FCP ${a('first-contentful-paint')}, LCP ${a('largest-contentful-paint')}, TBT ${a('total-blocking-time')}, CLS ${a('cumulative-layout-shift')}, SI ${a('speed-index')}`;
      if (runs > 1) console.log(`  run ${run}: performance ${score} — ${text} (load ${load()})`);
      results.push({ score, text });
    }
    const median = [...results].sort((x, y) => x.score - y.score)[Math.floor((results.length - 1) / 2)];
    if (!median) {
      console.log(`Lighthouse mobile ${page}: no run gave a result ✗`);
      continue;
    }
    console.log(
      `Lighthouse mobile ${page}: performance ${median.score}${runs > 1 ? ` (median of ${results.length} runs)` : ''} (target ≥ 90) ${median.score >= 90 ? '✓' : '✗'} — ${median.text}`,
    );
  }
  console.log(`load average (1 / 5 / 15 min) after: ${load()}`);
} finally {
  await chrome.kill();
  await app.close();
  await database.close();
}
