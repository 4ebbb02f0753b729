import { describe, expect, inject, it } from 'vitest';
import { newPage, useBrowserPage } from './support/browser';
import { e2eServer } from './support/server';

const baseUrl = e2eServer();

describe.skipIf(Boolean(inject('skipReason')))('guards and validation messages', () => {
  const ui = useBrowserPage(baseUrl);

  it('sends a signed-out visitor from /profile to /login', async () => {
    await ui.page.goto('/profile');
    await ui.page.waitForURL('**/login');
    await ui.page.getByRole('tab', { name: '密码登录' }).waitFor();
  });

  it('drops a stored but revoked session and asks to sign in again', async () => {
    const fresh = await newPage(ui.browser, baseUrl, 'desktop');
    await fresh.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('token', 'revoked-or-forged');
        localStorage.setItem('auth_token', 'revoked-or-forged');
      }
    });
    await fresh.goto('/profile');
    await fresh.waitForURL('**/login');
    await fresh.getByText('登录状态已失效，请重新登录').waitFor();
    expect(await fresh.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('shows Chinese messages for an empty submit and a bad phone', async () => {
    await ui.page.goto('/login');
    const form = ui.page.locator('form#password-login');
    const submit = form.getByRole('button', { name: /登\s*录/ });
    expect(await submit.isDisabled()).toBe(true);
    await form.getByRole('checkbox').check();
    await submit.click();
    await ui.page.getByText('请输入手机号').waitFor();
    await ui.page.getByText('请输入密码').waitFor();

    await form.getByPlaceholder('手机号').fill('12345');
    await ui.page.getByText('请输入正确的手机号').waitFor();

    await form.getByRole('checkbox').uncheck();
    await ui.page.getByText('请同意隐私政策').waitFor();
  });

  it('works from the keyboard: Tab through the form (the password eye too), Space ticks consent, Enter submits and focuses the field to fix', async () => {
    await ui.page.goto('/login');
    const form = ui.page.locator('form#password-login');
    const focused = () =>
      ui.page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el?.getAttribute('placeholder') ?? el?.getAttribute('aria-label') ?? el?.getAttribute('type') ?? el?.textContent?.trim();
      });
    await form.getByPlaceholder('手机号').focus();
    await ui.page.keyboard.type('12345');
    await ui.page.keyboard.press('Tab');
    expect(await focused()).toBe('密码');
    await ui.page.keyboard.type('abc');
    // The eye is reachable with Tab and named in Chinese (issue 19).
    await ui.page.keyboard.press('Tab');
    expect(await focused()).toBe('显示密码');
    await ui.page.keyboard.press('Space');
    expect(await form.getByPlaceholder('密码').getAttribute('type')).toBe('text');
    expect(await focused()).toBe('隐藏密码');
    await ui.page.keyboard.press('Tab');
    expect(await focused()).toBe('忘记密码？');
    await ui.page.keyboard.press('Tab');
    expect(await focused()).toBe('checkbox');
    await ui.page.keyboard.press('Space');
    expect(await form.getByRole('checkbox').isChecked()).toBe(true);
    await form.getByPlaceholder('密码').fill('');
    await form.getByPlaceholder('手机号').focus();
    await ui.page.keyboard.press('Enter');
    await ui.page.getByText('请输入正确的手机号').waitFor();
    await ui.page.getByText('请输入密码').waitFor();
    expect(await focused()).toBe('手机号');
  });

  it('refuses to send a code to a bad phone', async () => {
    await ui.page.goto('/login');
    await ui.page.getByRole('tab', { name: '验证码登录' }).click();
    const form = ui.page.locator('form#code-login');
    await form.getByPlaceholder('手机号').fill('1380013');
    await form.getByRole('button', { name: '获取验证码' }).click();
    await ui.page.getByText('请输入正确的手机号').waitFor();
  });

  it('explains an unknown phone in the login dialog', async () => {
    await ui.page.goto('/login');
    const form = ui.page.locator('form#password-login');
    await form.getByRole('checkbox').check();
    await form.getByPlaceholder('手机号').fill('13512345678');
    await form.getByPlaceholder('密码').fill('whatever1');
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await ui.page.getByText('用户未注册，请先注册').waitFor();
    await ui.page.getByRole('button', { name: '我知道了' }).click();
  });

  it('shows the register validation messages', async () => {
    await ui.page.goto('/register');
    const form = ui.page.locator('form#register');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: /注\s*册/ }).click();
    for (const text of ['请输入用户名', '请输入手机号', '请输入验证码', '请输入密码', '请确认密码']) {
      await ui.page.getByText(text, { exact: true }).waitFor();
    }
  });
});
