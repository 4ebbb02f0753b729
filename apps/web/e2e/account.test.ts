import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, readSmsCode, registerViaApi, waitForSmsCooldown, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { launchBrowser, newPage, screenshot } from './support/browser';

const baseUrl = e2eServer();

describe.skipIf(Boolean(inject('skipReason')))('profile: personal data export and account deletion', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('导出我的数据 downloads a JSON file of the account, then 注销账号 with an SMS code signs out for good', async () => {
    const phone = nextPhone();
    const { token } = await registerViaApi(baseUrl, phone, '将注销');
    const page = await newPage(browser, baseUrl, 'desktop');
    await page.goto(`/profile?token=${await signInTicket(token)}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出我的数据/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^lingxi-my-data-\d{8}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(exported.account).toMatchObject({ phone, name: '将注销' });
    for (const key of ['sessions', 'wechat_identities', 'referrer', 'chats', 'bazi_charts', 'payment_orders', 'tips', 'consent_records'])
      expect(exported).toHaveProperty(key);

    await page.getByRole('button', { name: /注销账号/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/将被永久删除，无法恢复/).waitFor();
    await screenshot(page, 'desktop-account-delete-modal', false);
    // The registration code started this phone's SMS resend window.
    await waitForSmsCooldown(baseUrl, phone);
    const after = Date.now() - 1000;
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    const { code } = await readSmsCode(baseUrl, phone, after);
    await dialog.getByLabel('注销验证码').fill(code);
    await dialog.getByRole('button', { name: /确认注销/ }).click();
    await page.waitForURL('**/login');
    await page.getByText('账号已注销，您的个人信息已删除').waitFor();

    const me = await fetch(`${baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, password: 'secret123' }),
    });
    expect(login.status).toBe(404);
  });
});
