import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, readSmsCode, registerViaApi, signInTicket, waitForSmsCooldown } from './support/api';
import { e2eServer } from './support/server';
import { hasHorizontalOverflow, launchBrowser, newPage, screenshot } from './support/browser';

const baseUrl = e2eServer();
const meStatus = async (token: string) => (await fetch(`${baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;

/** Issue 19 "never stranded" and 忘记密码; issue 12 item 5 (sign-in links spend a one-time ticket). */
describe.skipIf(Boolean(inject('skipReason')))('sign-in that never strands anyone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a deep link sends a signed-out visitor to /login and, once signed in, back to the deep link', async () => {
    const phone = nextPhone();
    const { password } = await registerViaApi(baseUrl, phone, '深链用户');
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto('/profile');
    await page.waitForURL('**/login');
    const form = page.locator('form#password-login');
    await form.getByPlaceholder('手机号').fill(phone);
    await form.getByPlaceholder('密码').fill(password);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: '个人资料' }).waitFor();

    // The same for a chat: /chat/emotional → /login → /chat/emotional.
    const chat = await newPage(browser, baseUrl, 'desktop');
    await chat.goto('/chat/emotional?from=share');
    await chat.waitForURL('**/login');
    const f = chat.locator('form#password-login');
    await f.getByPlaceholder('手机号').fill(phone);
    await f.getByPlaceholder('密码').fill(password);
    await f.getByRole('checkbox').check();
    await f.getByRole('button', { name: '登录' }).click();
    await chat.waitForURL('**/chat/emotional?from=share');
  });

  it('a bearer token in ?token= signs no one in; a ticket signs in once and is then refused', async () => {
    const { token } = await registerViaApi(baseUrl, nextPhone(), '链接用户');
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto(`/profile?token=${encodeURIComponent(token)}`);
    await page.waitForURL('**/login');
    await page.getByText('登录链接无效或已过期，请重新登录').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    const ticket = await signInTicket(token);
    await page.goto(`/profile?token=${ticket}`);
    await page.getByRole('heading', { name: '个人资料' }).waitFor();
    expect(page.url()).not.toContain('token=');

    const other = await newPage(browser, baseUrl, 'mobile');
    await other.goto(`/profile?token=${ticket}`);
    await other.waitForURL('**/login');
    expect(await other.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('asks a signed-in user before a link switches the account, and switches only on 切换账号', async () => {
    const mine = await registerViaApi(baseUrl, nextPhone(), '本人账号');
    const theirs = await registerViaApi(baseUrl, nextPhone(), '他人账号');
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto(`/?token=${await signInTicket(mine.token)}`);
    await page.getByText('你好，本人账号').waitFor();

    await page.goto(`/?token=${await signInTicket(theirs.token)}`);
    const dialog = page.getByRole('alertdialog', { name: '切换账号？' });
    await dialog.waitFor();
    await dialog.getByText('本人账号').waitFor();
    await screenshot(page, 'switch-account-375', false);
    await dialog.getByRole('button', { name: '保持当前账号' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('你好，本人账号').waitFor();

    await page.goto(`/?token=${await signInTicket(theirs.token)}`);
    await page.getByRole('button', { name: '切换账号' }).click();
    await page.getByText('你好，他人账号').waitFor();
  });

  it('忘记密码: a reset code and a new password sign the person in and end the old session', async () => {
    const phone = nextPhone();
    const { token: old } = await registerViaApi(baseUrl, phone, '重置用户');
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto('/login');
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await page.waitForURL('**/reset-password');
    const form = page.locator('form#reset-password');
    await form.getByRole('button', { name: '重置密码并登录' }).click();
    await form.getByText('请输入手机号').waitFor();
    await form.getByPlaceholder('手机号').fill(phone);
    await form.getByPlaceholder('验证码').fill('12ab 3');
    expect(await form.getByPlaceholder('验证码').inputValue()).toBe('123');
    await waitForSmsCooldown(baseUrl, phone);
    const sentAfter = Date.now();
    await form.getByRole('button', { name: '获取验证码' }).click();
    const { code } = await readSmsCode(baseUrl, phone, sentAfter - 200);
    await form.getByPlaceholder('验证码').fill(code);
    await form.getByPlaceholder('新密码（至少6位）').fill('brandnew1');
    await form.getByPlaceholder('确认新密码').fill('brandnew2');
    await form.getByText('两次密码不一致').waitFor();
    await screenshot(page, 'reset-password-375');
    await form.getByPlaceholder('确认新密码').fill('brandnew1');
    await form.getByRole('button', { name: '重置密码并登录' }).click();
    await page.getByText('你好，重置用户').waitFor();
    expect(await meStatus(old)).toBe(401);
  });

  it('names nothing in English for a screen reader on the sign-in pages (issue 19: "mobile", "lock", "eye-invisible")', async () => {
    const page = await newPage(browser, baseUrl, 'mobile');
    for (const path of ['/login', '/register', '/reset-password']) {
      await page.goto(path);
      await page.locator('form').first().waitFor();
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        // The WeChat tab's panel loads on its first click: read the labels of what it shows, not of its spinner.
        await page.locator('.wechat-tab-loading').waitFor({ state: 'detached' });
        const english = await page.evaluate(() =>
          [...document.querySelectorAll('[aria-label]')]
            .filter((el) => !el.closest('[aria-hidden="true"]'))
            .map((el) => el.getAttribute('aria-label') ?? '')
            .filter((label) => /^[a-z][a-z-]*$/.test(label)),
        );
        expect(english, path).toEqual([]);
      }
    }
  });

  it('the reset page and the 404 page at desktop and 375 px, without sideways scrolling', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await newPage(browser, baseUrl, viewport);
      await page.goto('/reset-password');
      await page.getByRole('button', { name: '重置密码并登录' }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `reset-password-${viewport}`, false);
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: '页面不存在' }).waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `not-found-${viewport}`, false);
    }
  });
});
