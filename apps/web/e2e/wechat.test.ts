import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, readSmsCode } from './support/api';
import { e2eServer } from './support/server';
import { hasHorizontalOverflow, launchBrowser, newPage, screenshot, type ViewportName } from './support/browser';
import { confirmInSecondTab } from './support/wechat';

const baseUrl = e2eServer();

async function openWechatTab(page: Page) {
  await page.goto('/login');
  await page.getByRole('tab', { name: '微信扫码登录' }).click();
  const pane = page.getByRole('tabpanel');
  await pane.getByText(/请先阅读并勾选同意下方的《用户协议》和《隐私政策》/).waitFor();
  await pane.getByRole('checkbox').check();
  await pane.getByAltText('微信扫码二维码').waitFor();
  return pane;
}

describe.skipIf(Boolean(inject('skipReason')))('WeChat QR sign-in through the fake Open Platform', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new WeChat person confirms in a second tab, binds a phone with a sandbox SMS code and lands on home', async () => {
    const page = await newPage(browser, baseUrl, 'desktop');
    const pane = await openWechatTab(page);
    expect(await page.getByText('还没有账号？').count()).toBe(0); // the register link hides on the WeChat tab
    await screenshot(page, 'desktop-login-wechat');

    const { tab, nickname } = await confirmInSecondTab(page, { persona: /微信用户·小林/, shot: 'desktop-wechat-fake-confirm' });
    await tab.getByText('登录成功，请返回原页面').waitFor();
    await screenshot(tab, 'desktop-wechat-callback');
    await tab.close();

    // The first tab's poll (every 2 s) sees the scan and signs in; a new person must bind a phone first.
    await page.waitForURL('**/bind-phone');
    expect(await pane.count()).toBe(0);
    const phone = nextPhone();
    await page.getByPlaceholder('手机号').fill(phone);
    const after = Date.now() - 1000;
    await page.getByRole('button', { name: '获取验证码' }).click();
    const { code } = await readSmsCode(baseUrl, phone, after);
    await page.getByPlaceholder('验证码').fill(code);
    await screenshot(page, 'desktop-wechat-bind-phone');
    await page.getByRole('button', { name: /确认绑定/ }).click();
    await page.getByText(`你好，${nickname}`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/profile');
    await page.getByText('已绑定微信').waitFor();
    await page.getByText('网站应用').waitFor();
    await page.getByText(nickname, { exact: true }).first().waitFor();
  });

  it('the same WeChat signs straight in next time, from the register tab', async () => {
    const page = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/register');
    await page.getByRole('tab', { name: '微信扫码注册' }).click();
    const pane = page.getByRole('tabpanel');
    await pane.getByRole('checkbox').check();
    await pane.getByAltText('微信扫码二维码').waitFor();
    await screenshot(page, 'desktop-register-wechat');
    const { tab } = await confirmInSecondTab(page, { persona: /微信用户·小林/ });
    await tab.close();
    await page.getByText('你好，微信用户·小林').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    it(`the login WeChat tab fits ${viewport} with the QR, and the fake confirmation page is usable on a phone`, async () => {
      const page = await newPage(browser, baseUrl, viewport);
      await openWechatTab(page);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `${viewport}-login-wechat-qr`);
      if (viewport === 'mobile') {
        const href = await page.getByText('无法扫码？在新标签页打开确认页').getAttribute('href');
        const phone = await newPage(browser, baseUrl, 'mobile');
        await phone.goto(href!);
        await phone.getByText('微信登录确认').waitFor();
        expect(await hasHorizontalOverflow(phone)).toBe(false);
        await screenshot(phone, 'mobile-wechat-fake-confirm');
      }
    });
  }
});
