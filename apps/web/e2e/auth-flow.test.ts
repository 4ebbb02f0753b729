import { describe, expect, inject, it } from 'vitest';
import { nextPhone, readSmsCode, waitForSmsCooldown } from './support/api';
import { e2eServer } from './support/server';
import { screenshot, useBrowserPage } from './support/browser';

const baseUrl = e2eServer();
const phone = nextPhone();
const name = '测试用户';
const password = 'secret123';

describe.skipIf(Boolean(inject('skipReason')))('sign-up and sign-in flows', () => {
  const ui = useBrowserPage(baseUrl);

  it('registers with a sandbox SMS code and lands on home, greeted by name', async () => {
    await ui.page.goto('/register');
    const form = ui.page.locator('form#register');
    await form.getByPlaceholder('用户名', { exact: true }).fill(name);
    await form.getByPlaceholder('手机号', { exact: true }).fill(phone);
    await form.getByRole('checkbox').check();
    const sentAfter = Date.now() - 1000;
    await form.getByRole('button', { name: '获取验证码' }).click();
    await ui.page.getByText('验证码已发送').waitFor();
    await form.getByRole('button', { name: /\d+秒后重发/ }).waitFor();
    const { code } = await readSmsCode(baseUrl, phone, sentAfter);
    await form.getByPlaceholder('验证码').fill(code);
    await form.getByPlaceholder('密码（至少6位）').fill(password);
    await form.getByPlaceholder('确认密码').fill(password);
    await form.getByRole('button', { name: /注\s*册/ }).click();

    await ui.page.getByText(`你好，${name}`).waitFor();
    expect(new URL(ui.page.url()).pathname).toBe('/');
    await ui.page.getByText('已登录').waitFor();
    // The persona grid comes from the real /api/service-types.
    await ui.page.locator('.persona-card').first().waitFor();
    expect(await ui.page.locator('.persona-card').count()).toBeGreaterThan(0);
    await screenshot(ui.page, 'desktop-home');
  });

  it('logs out back to /login and clears the stored session', async () => {
    await ui.page.getByRole('button', { name: /退出登录/ }).click();
    await ui.page.waitForURL('**/login');
    const stored = await ui.page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('auth_token')]);
    expect(stored).toEqual([null, null]);
  });

  it('logs in with the password (privacy box pre-ticked after the first sign-in)', async () => {
    await ui.page.goto('/login');
    const form = ui.page.locator('form#password-login');
    expect(await form.getByRole('checkbox').isChecked()).toBe(true);
    await form.getByPlaceholder('手机号').fill(phone);
    await form.getByPlaceholder('密码').fill(password);
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await ui.page.getByText(`你好，${name}`).waitFor();
    await ui.page.getByRole('button', { name: /退出登录/ }).click();
    await ui.page.waitForURL('**/login');
  });

  it('shows the 提示 dialog for a wrong password', async () => {
    const form = ui.page.locator('form#password-login');
    await form.getByPlaceholder('手机号').fill(phone);
    await form.getByPlaceholder('密码').fill('wrong-password');
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await ui.page.getByText('密码错误，请重试').waitFor();
    await ui.page.getByRole('button', { name: '我知道了' }).click();
  });

  it('logs in with an SMS code', async () => {
    // One code per phone per resend window on the server; the registration code above started one.
    await waitForSmsCooldown(baseUrl, phone);
    await ui.page.goto('/login');
    await ui.page.getByRole('tab', { name: '验证码登录' }).click();
    const form = ui.page.locator('form#code-login');
    await form.getByPlaceholder('手机号').fill(phone);
    const sentAfter = Date.now() - 1000;
    await form.getByRole('button', { name: '获取验证码' }).click();
    await ui.page.getByText('验证码已发送').waitFor();
    const { code } = await readSmsCode(baseUrl, phone, sentAfter);
    await form.getByPlaceholder('验证码').fill(code);
    await form.getByRole('button', { name: /登\s*录/ }).click();
    await ui.page.getByText(`你好，${name}`).waitFor();
  });
});
