import { describe, expect, inject, it } from 'vitest';
import { useBrowserPage } from './support/browser';
import { e2eServer } from './support/server';

const baseUrl = e2eServer();

describe.skipIf(Boolean(inject('skipReason')))('contact page', () => {
  const ui = useBrowserPage(baseUrl);

  it('submits a message without signing in and resets the form', async () => {
    await ui.page.goto('/contact');
    await ui.page.getByText('周一至周日 9:00-21:00', { exact: false }).waitFor();
    await ui.page.getByLabel('姓名').fill('王五');
    await ui.page.getByLabel('手机号').fill('13800138000');
    await ui.page.getByLabel('邮箱（选填）').fill('wang@example.com');
    await ui.page.getByLabel('主题').fill('功能建议');
    const text = '希望增加更多AI伙伴。';
    await ui.page.getByLabel('留言内容').fill(text);
    await ui.page.getByText(`${text.length} / 500`).waitFor();
    await ui.page.getByRole('button', { name: /提交留言/ }).click();
    await ui.page.getByText('您的留言已提交，我们会尽快回复').waitFor();
    expect(await ui.page.getByLabel('姓名').inputValue()).toBe('');
  });

  it('opens an FAQ answer', async () => {
    await ui.page.getByText('费用如何计算？').click();
    await ui.page.getByText(/基础陪伴对话免费/).waitFor();
  });
});
