import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { headlessPath, screenshotDir } from './paths';

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: headlessPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // One renderer process for every page of a file's browser (each test's context would otherwise start its own and
      // compile the app's scripts again): ~10% less CPU for the same specs here.
      '--renderer-process-limit=1',
      '--disable-site-isolation-trials',
      '--process-per-site',
    ],
  });
}

/**
 * A fresh context per page, so localStorage (the session) never leaks from one test into the next. The service worker
 * is off unless a test asks for it: installing it again in every fresh context (its shell files, then every asset
 * through its cache) cost a third of each first page load's CPU. The specs of the worker itself (offline.test.ts,
 * chat-polish.test.ts) and the main chat flow (chat.test.ts) run with it, as a returning visitor's browser does.
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport: ViewportName = 'desktop',
  o: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: o.serviceWorkers ?? 'block',
    baseURL: baseUrl,
    viewport: VIEWPORTS[viewport],
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Waits for finite CSS animations (drawer slide, modal zoom) to end, for a click that must land on the settled layout; spinners loop forever. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/**
 * Saves a PNG of the page for people to look at. Finite animations (a drawer sliding, a modal zooming) are run to their
 * end for the capture and spinners stopped, which is what waiting for them showed, at a third of the time: the waits
 * had been ~60% of the time the tier spent on its ~140 screenshots.
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  // Chromium lays a full page out at its whole height for the capture and back: let the resize observers it wakes
  // (antd tables, the responsive hooks) render before the test clicks anything.
  if (fullPage) await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return file;
}

/**
 * Clicks `target` until `done` resolves (each try waits `waitMs` for it), at most `tries` times. On a CPU-starved
 * machine antd can re-render or re-align what is under the pointer between Playwright's hit check and the mouse events
 * (after a full-page screenshot's viewport change, or while a form line collapses), and the press and the release
 * reach different elements: the click is lost, as a tap on a busy phone sometimes is, and the user taps again. A click
 * that never does anything still fails the test.
 */
export async function clickUntil(target: Locator, done: (timeoutMs: number) => Promise<unknown>, o = { tries: 3, waitMs: 5_000 }) {
  for (let attempt = 1; ; attempt++) {
    await target.click();
    try {
      await done(o.waitMs);
      return;
    } catch (err) {
      if (attempt >= o.tries) throw err;
    }
  }
}

/** True when the page is wider than the viewport, i.e. the visitor would have to scroll sideways. */
export function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/**
 * One browser and one page for a describe block: launched before its tests, closed after. Read `.browser` and
 * `.page` inside tests (they are set in beforeAll).
 */
export function useBrowserPage(baseUrl: string, viewport: ViewportName = 'desktop') {
  const session = {} as { browser: Browser; page: Page };
  beforeAll(async () => {
    session.browser = await launchBrowser();
    session.page = await newPage(session.browser, baseUrl, viewport);
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}
