import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { hasHorizontalOverflow, launchBrowser, newPage, screenshot, settle, type ViewportName } from './support/browser';
import { confirmInSecondTab } from './support/wechat';

const baseUrl = e2eServer();

describe.skipIf(Boolean(inject('skipReason')))('profile: WeChat binding', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('binds WeChat from the profile: the modal QR, confirm in a second tab, 微信绑定成功 in both', async () => {
    const { token } = await registerViaApi(baseUrl, nextPhone(), '绑定测试');
    const page = await newPage(browser, baseUrl, 'desktop');
    await page.goto(`/profile?token=${await signInTicket(token)}`);
    await page.getByRole('heading', { name: '个人资料' }).waitFor();
    await page.getByText('未绑定微信').waitFor();
    await page.getByRole('button', { name: /绑定微信/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByAltText('微信扫码二维码').waitFor();
    await settle(page);
    expect((await dialog.locator('xpath=ancestor-or-self::div[contains(@class,"ant-modal")][1]').boundingBox())?.width).toBe(400);
    await screenshot(page, 'desktop-profile-bind-modal', false);

    const { tab, nickname } = await confirmInSecondTab(page);
    // The second tab is this browser: the callback sends it to the profile, which says so and cleans the address.
    await tab.waitForURL('**/profile');
    await tab.getByText('微信绑定成功').first().waitFor();
    expect(new URL(tab.url()).search).toBe('');
    await tab.close();

    // The first tab learns it by polling: the modal closes and the block turns bound.
    await page.getByText('已绑定微信').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByText('网站应用').waitFor();
    await page.getByText(nickname, { exact: true }).waitFor();
    await screenshot(page, 'desktop-profile-wechat-bound');
  });

  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    it(`the profile fits ${viewport}: title, WeChat, username, my rewards, referrer and personal-data blocks`, async () => {
      const { token } = await registerViaApi(baseUrl, nextPhone(), '资料页');
      const page = await newPage(browser, baseUrl, viewport);
      await page.goto(`/profile?token=${await signInTicket(token)}`);
      for (const text of ['个人资料', '未绑定微信', '修改用户名', '我的打赏', '我的推荐人', '导出我的数据'])
        await page.getByText(text).first().waitFor();
      await page.getByText(/邀请好友注册/).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `${viewport}-profile-full`);
      await page.getByRole('button', { name: /绑定微信/ }).click();
      await page.getByRole('dialog').getByAltText('微信扫码二维码').waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `${viewport}-profile-bind-modal`, false);
    });
  }
});
