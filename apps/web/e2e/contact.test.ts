import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser';

const baseUrl = inject('baseUrl');

describe.skipIf(Boolean(inject('skipReason')))('contact page', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage(browser, baseUrl, 'desktop');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('submits a message without signing in and resets the form', async () => {
    await page.goto('/contact');
    await page.getByText('周一至周日 9:00-21:00', { exact: false }).waitFor();
    await page.getByLabel('姓名').fill('王五');
    await page.getByLabel('手机号').fill('13800138000');
    await page.getByLabel('邮箱（选填）').fill('wang@example.com');
    await page.getByLabel('主题').fill('功能建议');
    const text = '希望增加更多AI伙伴。';
    await page.getByLabel('留言内容').fill(text);
    await page.getByText(`${text.length} / 500`).waitFor();
    await page.getByRole('button', { name: /提交留言/ }).click();
    await page.getByText('您的留言已提交，我们会尽快回复').waitFor();
    expect(await page.getByLabel('姓名').inputValue()).toBe('');
  });

  it('opens an FAQ answer', async () => {
    await page.getByText('费用如何计算？').click();
    await page.getByText(/基础陪伴对话免费/).waitFor();
  });
});
