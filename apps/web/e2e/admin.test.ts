import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { launchBrowser, newPage } from './support/browser';

const baseUrl = e2eServer();
const adminPhone = inject('adminPhone');

describe.skipIf(Boolean(inject('skipReason')))('admin-only entry on home', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows 令牌统计 to the admin phone, signed in through /token-handler?token=', async () => {
    const token = await adminToken(baseUrl, adminPhone);
    const page = await newPage(browser, baseUrl, 'desktop');
    await page.goto(`/token-handler?token=${await signInTicket(token)}`);
    await page.getByText('你好，管理员').waitFor();
    // The token must not stay in the address bar (history, screenshots, Referer).
    expect(page.url()).not.toContain('token=');
    await page.getByRole('button', { name: /令牌统计/ }).click();
    await page.waitForURL('**/token-stats');
  });

  it('hides 令牌统计 from a normal user', async () => {
    const { token } = await registerViaApi(baseUrl, nextPhone(), '普通用户');
    const page = await newPage(browser, baseUrl, 'desktop');
    await page.goto(`/?token=${await signInTicket(token)}`);
    await page.getByText('你好，普通用户').waitFor();
    expect(await page.getByRole('button', { name: /令牌统计/ }).count()).toBe(0);
  });
});
