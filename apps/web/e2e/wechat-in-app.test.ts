import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, readSmsCode, registerViaApi } from './support/api';
import { e2eServer } from './support/server';
import { VIEWPORTS, hasHorizontalOverflow, launchBrowser, screenshot } from './support/browser';

const baseUrl = e2eServer();
const UA = {
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

async function phone(browser: Browser, userAgent: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS.mobile,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    isMobile: true,
    hasTouch: true,
    userAgent,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** On the fake's authorization page: pick a never-seen WeChat user and press 允许. */
async function allowAsNewWechatUser(page: Page, shot?: string) {
  await page.waitForURL(/oauth2\/authorize/);
  await page.locator('label.persona', { hasText: '一个从未使用过的微信用户' }).click();
  if (shot) await screenshot(page, shot, false);
  await page.getByRole('button', { name: '允许' }).click();
}

/**
 * Issue 19: inside WeChat's browser the WeChat tab, register and the profile's bind use the official account's one-tap
 * authorization instead of a QR; a WeChat-only account may skip /bind-phone and add a phone later from the profile.
 */
describe.skipIf(Boolean(inject('skipReason')))('WeChat inside WeChat', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a deep link opened in WeChat: 微信一键登录, back to /bind-phone with 暂不绑定, then the deep link; later 绑定手机号 from the profile', async () => {
    const page = await phone(browser, UA.wechat);
    await page.goto('/profile');
    await page.waitForURL('**/login');
    // The WeChat tab opens first inside WeChat, and it has no QR.
    await page.getByRole('tab', { name: '微信一键登录', selected: true }).waitFor();
    expect(await page.getByAltText('微信扫码二维码').count()).toBe(0);
    await page.locator('.auth-card').getByRole('checkbox').check();
    await screenshot(page, 'wechat-one-tap-375', false);
    await page.getByRole('button', { name: /微信一键登录/ }).click();
    await allowAsNewWechatUser(page, 'wechat-oa-authorize-375');

    // A new WeChat person: offered a phone, which can wait.
    await page.waitForURL('**/bind-phone?from=%2Fprofile');
    await page.getByRole('button', { name: '暂不绑定' }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, 'bind-phone-skip-375', false);
    await page.getByRole('button', { name: '暂不绑定' }).click();
    await page.waitForURL('**/profile');
    expect(new URL(page.url()).search).toBe('');

    // The profile offers 绑定手机号 to this WeChat-only account.
    const link = page.getByRole('link', { name: '绑定手机号', exact: true });
    await link.waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, 'profile-wechat-only-375');
    await link.click();
    await page.waitForURL('**/bind-phone?from=%2Fprofile');
    const number = nextPhone();
    const form = page.locator('form#bind-phone');
    await form.getByPlaceholder('手机号').fill(number);
    const sentAfter = Date.now() - 500;
    await form.getByRole('button', { name: '获取验证码' }).click();
    const { code } = await readSmsCode(baseUrl, number, sentAfter);
    await form.getByPlaceholder('验证码').fill(code);
    await form.getByRole('button', { name: '确认绑定' }).click();
    await page.waitForURL('**/profile');
    const masked = `${number.slice(0, 3)}****${number.slice(-4)}`;
    await page.getByText(masked).first().waitFor();
    expect(await page.getByRole('link', { name: '绑定手机号', exact: true }).count()).toBe(0);
    // Nowhere on the page is the full number shown.
    expect(await page.locator('body').innerText()).not.toContain(number);
  });

  it('register inside WeChat keeps the invitation referrer through the authorization', async () => {
    const referrer = nextPhone();
    await registerViaApi(baseUrl, referrer, '邀请人');
    const page = await phone(browser, UA.wechat);
    await page.goto(`/register?referrer=${referrer}`);
    await page.getByRole('tab', { name: '微信一键注册', selected: true }).waitFor();
    await page.locator('.auth-card').getByRole('checkbox').check();
    await page.getByRole('button', { name: /微信一键登录/ }).click();
    await allowAsNewWechatUser(page);
    await page.waitForURL('**/bind-phone');
    const me = await page.evaluate(async () => {
      const res = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await res.json()).data;
    });
    expect(me.referrer_id).toBe(referrer);
  });

  it('another phone browser shows the QR with the 长按识别 explanation', async () => {
    const page = await phone(browser, UA.iphone);
    await page.goto('/login');
    await page.getByRole('tab', { name: '微信扫码登录' }).click();
    await page.locator('.auth-card').getByRole('checkbox').check();
    await page.getByAltText('微信扫码二维码').waitFor();
    await page.getByText(/请长按二维码选择“识别图中二维码”/).waitFor();
    await screenshot(page, 'wechat-qr-mobile-375', false);
  });
});
