import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { clickUntil, hasHorizontalOverflow, launchBrowser, screenshot, VIEWPORTS, type ViewportName } from './support/browser';

/**
 * Paid deep services end to end (issue 14), against the real server in sandbox mode (`npm start`): the price on the
 * persona, the purchase with its no-refund consent, the sandbox gateways' pages, the deep session opening at once
 * with its count, a deep reply counting down, 我的订单; and on a phone, WeChat Pay H5 and Alipay's mobile cashier.
 */
const baseUrl = e2eServer();
const adminPhone = inject('adminPhone');

const UA = {
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

async function openAs(browser: Browser, token: string, path: string, viewport: ViewportName, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS[viewport],
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}token=${await signInTicket(token)}`);
  return page;
}

const remaining = (page: Page) => page.getByTestId('deep-remaining');

/** The confirmation step: price, what is included, the consent that must be ticked before paying. */
async function confirmPurchase(page: Page, method: '微信支付' | '支付宝', shots?: ViewportName) {
  await page.getByTestId('deep-offer').getByRole('button', { name: '了解并购买' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('purchase-price').getByText('¥9.90').waitFor();
  await dialog.getByText('含 20 次深度回复', { exact: false }).waitFor();
  const pay = dialog.getByRole('button', { name: '确认支付 ¥9.90' });
  expect(await pay.isDisabled()).toBe(true);
  await dialog.getByText(method, { exact: true }).click();
  await dialog.getByText('付费服务即时生效，不支持退款').click();
  expect(await pay.isEnabled()).toBe(true);
  if (shots) await screenshot(page, `${shots}-deep-purchase`, false);
  await pay.click();
}

async function sendAndWait(page: Page, text: string) {
  await page.getByLabel('输入您的问题').fill(text);
  await page.getByLabel('输入您的问题').press('Enter');
  await page.waitForFunction(
    () => {
      const all = document.querySelectorAll('[data-testid="message-assistant"]');
      return all[all.length - 1]?.getAttribute('data-status') === 'done';
    },
    undefined,
    { timeout: 30_000 },
  );
}

describe.skipIf(Boolean(inject('skipReason')))('paid deep services', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a new user sees the price, buys the deep service on the sandbox pay page, lands in the deep session, spends a reply and finds the order', async () => {
    const phone = nextPhone();
    const { token } = await registerViaApi(baseUrl, phone, '深度用户');
    const page = await openAs(browser, token, '/', 'desktop');
    const card = page.getByRole('button', { name: '八字命理' });
    await card.getByText('深度 ¥9.90').waitFor();
    await card.getByText('免费').waitFor();
    await screenshot(page, 'desktop-home-prices', false);
    await card.click();
    await page.waitForURL('**/chat/bazi');
    await page.getByTestId('deep-offer').getByText('深度服务 ¥9.90').waitFor();
    await screenshot(page, 'desktop-chat-offer', false);

    await confirmPurchase(page, '微信支付', 'desktop');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: '微信支付支付二维码' }).waitFor();
    await screenshot(page, 'desktop-deep-qr', false);
    // Esc does not silently close a pending payment: it asks first.
    await page.keyboard.press('Escape');
    await page.getByText('支付尚未完成').waitFor();
    await page.getByRole('button', { name: '继续支付' }).click();
    const payUrl = await dialog.getByTestId('payment-link').getAttribute('href');
    expect(payUrl).toMatch(/\/api\/sandbox\/wxpay\/pay\/[0-9a-f]{24}$/);

    const wallet = await page.context().newPage();
    await wallet.goto(payUrl ?? '');
    await wallet.getByText('¥9.90').waitFor();
    await wallet.getByText('灵犀深度服务-八字命理-八字深度解读').waitFor();
    await wallet.getByRole('button', { name: '支付', exact: true }).click();
    await wallet.getByText('支付成功，已通知商户').waitFor();
    await wallet.close();

    // The page's own 3 s poll sees the payment and opens the deep session; no reload.
    await page.getByText('深度服务已开启，共 20 次深度回复').waitFor({ timeout: 20_000 });
    await page.getByTestId('deep-banner').waitFor();
    expect(await remaining(page).textContent()).toBe('剩余 20/20 次深度回复');
    await screenshot(page, 'desktop-deep-session', false);

    await sendAndWait(page, '请深入分析我今年的事业方向');
    await expect.poll(() => remaining(page).textContent(), { timeout: 10_000 }).toBe('剩余 19/20 次深度回复');
    expect(await page.getByTestId('message-assistant').last().textContent()).toContain('深度服务 · 结构化分析');
    await screenshot(page, 'desktop-deep-reply', false);

    await page.goto('/orders');
    await page.getByRole('heading', { name: '我的订单' }).waitFor();
    const row = page.locator('.ant-table-row', { hasText: '八字深度解读' });
    await row.getByText('¥9.90').waitFor();
    await row.getByText('19/20 次').waitFor();
    await row.getByText('已支付').waitFor();
    await screenshot(page, 'desktop-orders');
    // The chat page reads ?session= and drops it from the address at once: wait for the page, not for that address.
    await clickUntil(row.getByRole('button', { name: '进入会话' }), (timeout) =>
      page.waitForURL((url) => url.pathname === '/chat/bazi', { timeout }),
    );
    await expect.poll(() => remaining(page).textContent(), { timeout: 10_000 }).toBe('剩余 19/20 次深度回复');
  });

  it('on a phone (375 px) pays by WeChat Pay H5 on the cashier, comes back into the deep session, and tips by Alipay’s mobile cashier', async () => {
    const { token } = await registerViaApi(baseUrl, nextPhone(), '手机用户');
    const page = await openAs(browser, token, '/chat/ziwei', 'mobile', UA.iphone);
    await page.getByTestId('deep-offer').waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, 'mobile-chat-offer', false);
    await confirmPurchase(page, '微信支付', 'mobile');

    // The sandbox H5 cashier on this phone (h5_url with our redirect_url), then back to the chat page.
    await page.waitForURL('**/api/sandbox/wxpay/h5/checkmweb?**');
    await page.getByText('手机网页支付（H5）').waitFor();
    await page.getByText('¥9.90').waitFor();
    await screenshot(page, 'mobile-h5-cashier', false);
    await page.getByRole('button', { name: '支付', exact: true }).click();
    await page.waitForURL('**/chat/ziwei**');
    await page.getByText('深度服务已开启，共 20 次深度回复').waitFor({ timeout: 20_000 });
    expect(await remaining(page).textContent()).toBe('剩余 20/20 次深度回复');
    // The return markers are gone from the address once the payment is picked up.
    expect(new URL(page.url()).search).not.toContain('pay_order');
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, 'mobile-deep-session', false);
    await sendAndWait(page, '我的事业宫怎么看？');
    await expect.poll(() => remaining(page).textContent(), { timeout: 10_000 }).toBe('剩余 19/20 次深度回复');
    await screenshot(page, 'mobile-deep-reply', false);

    await page.goto('/');
    await page.getByRole('button', { name: /支持我们/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: '¥5', exact: true }).click();
    await dialog.getByText('支付宝', { exact: true }).click();
    await dialog.getByRole('button', { name: '立即支付 ¥5.00' }).click();
    await page.waitForURL('**/api/sandbox/alipay/cashier/**');
    await page.getByText('手机网站支付').waitFor();
    await screenshot(page, 'mobile-wap-cashier', false);
    await page.getByRole('button', { name: '支付', exact: true }).click();
    await page.waitForURL(`${baseUrl}/?**`);
    await page.getByText('打赏成功，感谢您的支持').waitFor({ timeout: 20_000 });

    await page.goto('/orders');
    await page.locator('.ant-table-row', { hasText: '紫微深度解读' }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, 'mobile-orders');
  });

  it('inside WeChat’s browser pays by JSAPI: the silent official-account authorisation, then WeChat’s pay sheet (sandbox page)', async () => {
    const { token } = await registerViaApi(baseUrl, nextPhone(), '微信用户');
    const page = await openAs(browser, token, '/chat/qimen', 'mobile', UA.wechat);
    await page.getByTestId('deep-offer').waitFor();
    await page.getByTestId('deep-offer').getByRole('button', { name: '了解并购买' }).click();
    const dialog = page.getByRole('dialog');
    // WeChat's browser opens no Alipay page: only WeChat Pay is offered there.
    await dialog.getByText(/微信内无法打开支付宝/).waitFor();
    await dialog.getByText('付费服务即时生效，不支持退款').click();
    await dialog.getByRole('button', { name: '确认支付 ¥9.90' }).click();

    // No openid yet: the official account's authorisation (the sandbox asks once which WeChat is signed in).
    await page.getByText('选择当前登录的微信').waitFor();
    await screenshot(page, 'mobile-wechat-authorize', false);
    await page.getByRole('button', { name: '继续' }).click();
    await page.waitForURL('**/chat/qimen**');
    // Back on the chat page the purchase starts again (a consent is given per order).
    const again = page.getByRole('dialog');
    await again.getByText('付费服务即时生效，不支持退款').click();
    await again.getByRole('button', { name: '确认支付 ¥9.90' }).click();
    await page.waitForURL('**/api/sandbox/wxpay/jsapi/pay?**');
    await page.getByText('微信内支付（JSAPI）').waitFor();
    await screenshot(page, 'mobile-jsapi-sheet', false);
    await page.getByRole('button', { name: '支付', exact: true }).click();
    await page.waitForURL('**/chat/qimen**');
    await page.getByText('深度服务已开启，共 20 次深度回复').waitFor({ timeout: 20_000 });
    expect(await remaining(page).textContent()).toBe('剩余 20/20 次深度回复');
  });

  it('lets an admin change a price (logged old → new) and see the revenue, at desktop and 375 px', async () => {
    const admin = await adminToken(baseUrl, adminPhone);
    const page = await openAs(browser, admin, '/admin/offers', 'desktop');
    await page.getByRole('heading', { name: '深度服务定价' }).waitFor();
    await page.getByRole('button', { name: '编辑 六爻占卜' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('价格（元）').fill('12.80');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('已保存，新价格对之后的订单生效').waitFor();
    await page.locator('.ant-table-row', { hasText: '价格：¥9.90 → ¥12.80' }).waitFor();
    await screenshot(page, 'desktop-admin-offers');

    await page.goto('/admin/orders');
    await page.getByRole('heading', { name: '订单与收入' }).waitFor();
    await page.locator('.ant-table-row', { hasText: '八字深度解读' }).first().waitFor();
    await page.getByText('按服务汇总').waitFor();
    await screenshot(page, 'desktop-admin-orders');

    const phone = await openAs(browser, admin, '/admin/orders', 'mobile');
    await phone.locator('.ant-table-row', { hasText: '八字深度解读' }).first().waitFor();
    expect(await hasHorizontalOverflow(phone)).toBe(false);
    await screenshot(phone, 'mobile-admin-orders');
    await phone.goto('/admin/offers');
    await phone.locator('.ant-table-row').first().waitFor();
    expect(await hasHorizontalOverflow(phone)).toBe(false);
    await screenshot(phone, 'mobile-admin-offers');

    const user = await registerViaApi(baseUrl, nextPhone(), '普通用户');
    const denied = await openAs(browser, user.token, '/admin/offers', 'desktop');
    await denied.getByText('无权限：仅管理员可以访问').waitFor();
  });
});
