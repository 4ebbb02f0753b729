import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { hasHorizontalOverflow, launchBrowser, newPage, screenshot, type ViewportName } from './support/browser';

const baseUrl = e2eServer();

async function visit(page: Page, path: string, ready: string) {
  await page.goto(path);
  await page.getByText(ready).first().waitFor();
}

describe.skipIf(Boolean(inject('skipReason')))('key pages at 375 px and 1280 px', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ token } = await registerViaApi(baseUrl, nextPhone(), '小灵'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    it(`login, register and contact fit ${viewport} without sideways scrolling`, async () => {
      const page = await newPage(browser, baseUrl, viewport);
      for (const [path, ready, name] of [
        ['/login', '密码登录', 'login'],
        ['/register', '手机号注册', 'register'],
        ['/contact', '在线留言', 'contact'],
        ['/privacy', '五、您的权利', 'privacy'],
      ] as const) {
        await visit(page, path, ready);
        expect(await hasHorizontalOverflow(page), `${path} overflows at ${viewport}`).toBe(false);
        await screenshot(page, `${viewport}-${name}`);
      }
    });

    it(`home fits ${viewport}, with the persona grid`, async () => {
      const page = await newPage(browser, baseUrl, viewport);
      await page.goto(`/?token=${await signInTicket(token)}`);
      await page.getByText('你好，小灵').waitFor();
      await page.locator('.persona-card').first().waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `${viewport}-home`);
    });
  }

  // /bind-phone is for a signed-in WeChat-only account now; wechat-in-app.test.ts checks it at 375 px.
  it('profile, about and the Bazi form fit 375 px', async () => {
    const page = await newPage(browser, baseUrl, 'mobile');
    for (const [path, ready, name] of [
      ['/about', '我们的服务', 'about'],
      [`/profile?token=${await signInTicket(token)}`, '修改用户名', 'profile'],
      ['/baziinput', '开始排盘', 'bazi-input'],
    ] as const) {
      await visit(page, path, ready);
      expect(await hasHorizontalOverflow(page), `${path} overflows`).toBe(false);
      await screenshot(page, `mobile-${name}`);
    }
  });

  it('shows the privacy statement and the login failure dialog at 375 px', async () => {
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto('/login');
    const form = page.locator('form#password-login');
    await form.getByText('《隐私政策》').click();
    await page.getByText('完整内容请阅读').waitFor();
    await screenshot(page, 'mobile-privacy-modal', false);
    await page.getByRole('button', { name: '我知道了' }).click();
    // Opening the statement must not tick the box by itself.
    expect(await form.getByRole('checkbox').isChecked()).toBe(false);

    await form.getByRole('checkbox').check();
    await form.getByPlaceholder('手机号').fill('13512340000');
    await form.getByPlaceholder('密码').fill('whatever1');
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('用户未注册，请先注册').waitFor();
    await screenshot(page, 'mobile-login-failed', false);
  });

  it('opens the mobile menu drawer at 375 px', async () => {
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto(`/?token=${await signInTicket(token)}`);
    await page.getByText('你好，小灵').waitFor();
    await page.getByRole('button', { name: '打开菜单' }).click();
    await page.locator('.ant-drawer').getByText('我的打赏').waitFor();
    await screenshot(page, 'mobile-menu', false);
    await page.locator('.ant-drawer').getByText('联系我们').click();
    await page.waitForURL('**/contact');
  });
});
