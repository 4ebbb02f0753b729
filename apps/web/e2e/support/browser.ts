import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { chromiumPath, screenshotDir } from './paths';

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context per page, so localStorage (the session) never leaks from one test into the next. */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport: ViewportName = 'desktop',
  o: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: o.serviceWorkers ?? 'allow',
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

/** Waits for finite CSS animations (drawer slide, modal zoom) so screenshots show the settled state; spinners loop forever. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  await settle(page);
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
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
