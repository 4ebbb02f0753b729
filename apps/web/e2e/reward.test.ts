import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { clickUntil, hasHorizontalOverflow, launchBrowser, newPage, screenshot, type ViewportName } from './support/browser';

const baseUrl = e2eServer();
const adminPhone = inject('adminPhone');

async function signedInPage(browser: Browser, token: string, path: string, viewport: ViewportName = 'desktop'): Promise<Page> {
  const page = await newPage(browser, baseUrl, viewport);
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}token=${await signInTicket(token)}`);
  return page;
}

/**
 * Fills the open reward dialog, pays on the sandbox gateway's page in a second tab (as a phone would after scanning),
 * and waits for the dialog's own 3 s poll to see the payment.
 */
async function tipThroughDialog(page: Page, amount: number, method: '微信支付' | '支付宝', shots?: ViewportName) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText('打赏金额范围 0.01 - 100 元').waitFor();
  await dialog.getByText('打赏为自愿行为，支付成功后不予退款').waitFor();
  // The dialog may still be zooming in on a busy machine: a tap that did not take is made again (clickUntil).
  const quick = dialog.getByRole('button', { name: `¥${amount}`, exact: true });
  await clickUntil(quick, (timeout) => expect.poll(() => quick.getAttribute('aria-pressed'), { timeout }).toBe('true'));
  const radio = dialog.getByRole('radio', { name: method });
  await clickUntil(dialog.getByText(method, { exact: true }), (timeout) => expect.poll(() => radio.isChecked(), { timeout }).toBe(true));
  if (shots) await screenshot(page, `${shots}-reward-dialog`, false);
  await dialog.getByRole('button', { name: `立即支付 ¥${amount.toFixed(2)}` }).click();
  const qr = dialog.getByRole('img', { name: `${method}支付二维码` });
  await qr.waitFor();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  if (shots) await screenshot(page, `${shots}-reward-qr`, false);
  const payUrl = await dialog.getByTestId('payment-link').getAttribute('href');
  expect(payUrl).toMatch(/\/api\/sandbox\/(wxpay|alipay)\/pay\/[0-9a-f]{24}$/);

  const phone = await page.context().newPage();
  await phone.goto(payUrl!);
  await phone.getByText(`¥${amount.toFixed(2)}`).waitFor();
  await phone.getByRole('button', { name: '支付', exact: true }).click();
  await phone.getByText('支付成功，已通知商户').waitFor();
  await phone.close();

  await page.getByText('打赏成功，感谢您的支持').waitFor({ timeout: 15_000 });
  await dialog.waitFor({ state: 'hidden' });
}

describe.skipIf(Boolean(inject('skipReason')))('tips with the sandbox gateways', () => {
  let browser: Browser;
  let user: { phone: string; token: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    const phone = nextPhone();
    user = { phone, token: (await registerViaApi(baseUrl, phone, '打赏用户')).token };
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('tips 5 yuan by WeChat Pay from home 支持我们 and shows it in 我的打赏', async () => {
    const page = await signedInPage(browser, user.token, '/');
    await page.getByText('你好，打赏用户').waitFor();
    await page.getByRole('button', { name: /支持我们/ }).click();
    await tipThroughDialog(page, 5, '微信支付', 'desktop');

    await page.goto('/rewardhistory');
    await page.getByRole('heading', { name: '我的打赏' }).waitFor();
    const row = page.locator('.ant-table-row').first();
    await row.getByText('¥5.00').waitFor();
    await row.getByText('支付成功').waitFor();
    expect(await row.locator('td').first().textContent()).toMatch(/^[0-9a-f]{8}…$/);
    expect(await page.locator('.ant-statistic').first().textContent()).toBe('打赏次数1次');
    await screenshot(page, 'desktop-reward-history');
    await page.getByRole('button', { name: /返回/ }).click();
    await page.waitForURL('**/profile');
  });

  it("tips 10 yuan by Alipay from the chat's tip button", async () => {
    const page = await signedInPage(browser, user.token, '/chat/bazi');
    const tip = page.getByRole('button', { name: '打赏' });
    await tip.waitFor();
    await expect.poll(() => tip.isEnabled(), { timeout: 15_000 }).toBe(true);
    await tip.click();
    await tipThroughDialog(page, 10, '支付宝');

    await page.goto('/rewardhistory');
    await page.locator('.ant-table-row', { hasText: '¥10.00' }).waitFor();
    expect(await page.locator('.ant-statistic').nth(1).textContent()).toBe('打赏总额¥15.00');
    expect(await page.locator('.ant-statistic').nth(2).textContent()).toBe('平均金额¥7.50');
  });

  it('lets an admin find the tips in 打赏记录管理 by phone and amount, and refuses anyone else', async () => {
    const denied = await signedInPage(browser, user.token, '/rewardlist');
    await denied.getByText('无权限：仅管理员可以访问').waitFor();

    const page = await signedInPage(browser, await adminToken(baseUrl, adminPhone), '/rewardlist');
    await page.getByRole('heading', { name: '打赏记录管理' }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await page.getByPlaceholder('请输入手机号').fill(user.phone);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('共 2 条').waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(2);
    await page.locator('.ant-table-row', { hasText: user.phone }).first().waitFor();
    await page.getByPlaceholder('0.00').first().fill('6');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('共 1 条').waitFor();
    await page.locator('.ant-table-row', { hasText: '¥10.00' }).waitFor();
    await screenshot(page, 'desktop-reward-list');
  });

  it('works at 375 px: dialog, QR view and both pages without sideways scrolling', async () => {
    const page = await signedInPage(browser, user.token, '/', 'mobile');
    await page.getByText('你好，打赏用户').waitFor();
    await page.getByRole('button', { name: /支持我们/ }).click();
    await tipThroughDialog(page, 1, '微信支付', 'mobile');
    await page.goto('/rewardhistory');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, 'mobile-reward-history');

    const admin = await signedInPage(browser, await adminToken(baseUrl, adminPhone), '/rewardlist', 'mobile');
    await admin.locator('.ant-table-row').first().waitFor();
    expect(await hasHorizontalOverflow(admin)).toBe(false);
    await screenshot(admin, 'mobile-reward-list');
  });

  it('asks a visitor to log in on 我的打赏', async () => {
    const page = await newPage(browser, baseUrl, 'desktop');
    await page.goto('/rewardhistory');
    await page.getByText('请先登录').waitFor();
    await page.getByRole('button', { name: '去登录' }).click();
    await page.waitForURL('**/login');
  });
});
