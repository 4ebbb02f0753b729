import type { Page } from 'playwright-core';
import { screenshot } from './browser';

/**
 * The tester's second tab: opens the fake Open Platform's confirmation page from the QR's link, picks a persona (by
 * default one never seen before) and confirms. Returns the tab, left on the callback page (or where it redirected).
 */
export async function confirmInSecondTab(page: Page, opts: { persona?: RegExp; shot?: string } = {}) {
  const link = page.getByText('无法扫码？在新标签页打开确认页');
  await link.waitFor();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  await tab.getByText('微信登录确认').waitFor();
  const choice = opts.persona
    ? tab.locator('label.persona', { hasText: opts.persona })
    : tab.locator('label.persona', { hasText: '一个从未登录过的微信用户' });
  await choice.click();
  if (opts.shot) await screenshot(tab, opts.shot);
  const nickname = (await choice.locator('span').nth(1).innerText()).split('\n')[0]!.trim();
  await tab.getByRole('button', { name: '确认登录' }).click();
  await tab.waitForLoadState();
  return { tab, nickname };
}
