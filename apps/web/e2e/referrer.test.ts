import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { launchBrowser, newPage, screenshot } from './support/browser';

const baseUrl = e2eServer();

describe.skipIf(Boolean(inject('skipReason')))('profile: referrer', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('looks the referrer up while typing, binds it, and the input turns read-only', async () => {
    const referrerPhone = nextPhone();
    await registerViaApi(baseUrl, referrerPhone, '王推荐');
    const { token } = await registerViaApi(baseUrl, nextPhone(), '被推荐');
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto(`/profile?token=${await signInTicket(token)}`);
    const input = page.getByLabel('推荐人手机号');
    expect(await input.getAttribute('maxlength')).toBe('11');
    await input.fill('1300000000'); // 10 digits: nothing to look up yet
    await input.fill(referrerPhone);
    const masked = `${referrerPhone.slice(0, 3)}****${referrerPhone.slice(-4)}`;
    await page.getByText(`推荐人：王**（${masked}）`).waitFor();
    await page.getByRole('button', { name: /^绑\s*定$/ }).click();
    await page.getByText('推荐人绑定成功').waitFor();
    await page.getByRole('button', { name: '已绑定' }).waitFor();
    expect(await input.getAttribute('readonly')).not.toBeNull();
    expect(await input.inputValue()).toBe(referrerPhone);
    await screenshot(page, 'mobile-profile-referrer-bound');

    // After a reload the binding and the lookup come from the server.
    await page.reload();
    await page.getByText(`推荐人：王**（${masked}）`).waitFor();
  });

  it('the invitation link opens registration with the referrer filled in', async () => {
    const phone = nextPhone();
    const { token } = await registerViaApi(baseUrl, phone, '邀请人');
    const page = await newPage(browser, baseUrl, 'desktop');
    await page.goto(`/profile?token=${await signInTicket(token)}`);
    const link = await page.getByLabel('我的邀请链接').inputValue();
    expect(link).toBe(`${baseUrl}/register?referrer=${phone}`);
  });
});
