import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { launchBrowser, newPage, screenshot, type ViewportName } from './support/browser';

const baseUrl = e2eServer();

/**
 * Issue 19: tapping a link with no network used to leave a blank grey page that stayed blank after the network came
 * back (the error page itself was loaded lazily). Now the page says so inside the layout, offers 重试 and comes back
 * by itself; a page file missing after a deploy reloads the app once.
 */
describe.skipIf(Boolean(inject('skipReason')))('a page that cannot be loaded', () => {
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await registerViaApi(baseUrl, nextPhone(), '离线用户')).token;
  });
  afterAll(async () => {
    await browser?.close();
  });
  const home = async (viewport: ViewportName, serviceWorkers: 'allow' | 'block' = 'allow') => {
    const page = await newPage(browser, baseUrl, viewport, { serviceWorkers });
    await page.goto(`/?token=${await signInTicket(token)}`);
    await page.getByText('你好，离线用户').waitFor();
    return page;
  };

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`going offline on a link shows 网络连接已断开 with 重试, and the page comes back with the network (${viewport})`, async () => {
      const page = await home(viewport);
      await page.context().setOffline(true);
      await page.getByRole('button', { name: /八字排盘/ }).click();
      await page.getByRole('heading', { name: '网络连接已断开' }).waitFor();
      // The header stays: the error shows inside the layout.
      expect(await page.locator('header').first().isVisible()).toBe(true);
      await page.getByRole('button', { name: '重试' }).click();
      await page.getByText(/仍未连接到网络/).waitFor();
      await screenshot(page, `offline-${viewport === 'mobile' ? '375' : 'desktop'}`, false);

      await page.context().setOffline(false);
      await page.getByRole('button', { name: '开始排盘' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/baziinput');
    });
  }

  it('a page file missing after a deploy reloads the app once and then loads', async () => {
    // The page's own recovery is under test: without the service worker (issue #16), whose fetches of the app's files
    // the browser's request interception does not see.
    const page = await home('mobile', 'block');
    // Every request for the page's file fails until the app has reloaded (a deploy replaced it; the new index.html
    // would name the new file, which here is the same one served again).
    let reloaded = false;
    let refused = 0;
    // The new document's request, before any of its files are asked for.
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) reloaded = true;
    });
    await page.route(/\/assets\/bazi-input-page-[^/]+\.js$/, async (route) => {
      if (reloaded) return route.continue();
      refused += 1;
      return route.fulfill({ status: 404, body: 'not found' });
    });
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await page.getByRole('button', { name: /八字排盘/ }).click();
    await page.getByRole('button', { name: '开始排盘' }).waitFor();
    expect(refused).toBeGreaterThan(0);
    expect(reloaded).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/baziinput');
    // A full reload happened: the marker set on the old document is gone.
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
  });
});
