import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { clickUntil, hasHorizontalOverflow, launchBrowser, newPage, screenshot, type ViewportName } from './support/browser';

/**
 * Issue #16 in a real browser on the offline model: search across chats (a hit opens its session at that message),
 * 无痕对话 leaving nothing behind, and 我的 → 记忆 (list, edit, delete, consent, switch off, clear).
 */
const baseUrl = e2eServer();

async function api(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: (text.startsWith('{') ? JSON.parse(text) : null) as Record<string, unknown> | null, text };
}
const newChat = async (token: string, type: string) =>
  String((await api('POST', '/chat/chat-new', token, { type, query: '', key: crypto.randomUUID() })).json?.session_id);
const save = (token: string, session: string, content: string, role = 'user') =>
  api('POST', '/cache/save-message', token, { session_id: session, role, content });
/** One streamed turn, read to its end. */
const askApi = (token: string, type: string, key: string, query: string) =>
  api('POST', '/chat/chat-streaming', token, { type, key, query });

const inViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });

describe.skipIf(Boolean(inject('skipReason')))('memory, search and private chat (issue #16)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    const px = viewport === 'mobile' ? 375 : 1280;

    it(`finds a message in another persona's chat and opens that chat scrolled to it at ${px} px`, async () => {
      const { token } = await registerViaApi(baseUrl, nextPhone(), '搜索者');
      const career = await newChat(token, 'career');
      // 60 messages: the hit (the 5th) is not on the newest page, so opening it must page back.
      for (let i = 1; i <= 60; i++) {
        await save(token, career, i === 5 ? '我想试试独角兽计划，年底前完成作品集' : `第${i}条消息`, i % 2 ? 'user' : 'assistant');
      }
      const general = await newChat(token, 'general');
      await save(token, general, '今天学了吉他');

      const page = await newPage(browser, baseUrl, viewport);
      await page.goto(`/chat/general?token=${await signInTicket(token)}`);
      await page.getByText('今天学了吉他').waitFor();
      // A phone searches in the menu's 历史记录 tab; from 1024 px the history sidebar carries the same search box.
      let history = page.getByRole('complementary', { name: '历史记录' });
      if (viewport === 'mobile') {
        await page.getByRole('button', { name: '菜单' }).click();
        history = page.getByRole('tabpanel', { name: '历史记录' });
      }
      await history.getByLabel('搜索对话').fill('独角兽 作品集');
      const hit = history.getByTestId('search-hit');
      await hit.waitFor();
      expect(await hit.count()).toBe(1);
      expect(await hit.locator('mark').allTextContents()).toEqual(['独角兽', '作品集']);
      await screenshot(page, `search-${px}-results`, false);

      await hit.getByRole('button').click();
      await page.waitForURL(/\/chat\/career/);
      const found = '.chat-msg[data-order="5"]';
      await page.locator(found).waitFor();
      await page.waitForFunction((sel) => document.querySelector(sel)?.classList.contains('chat-msg-found'), found);
      expect(await page.locator(found).textContent()).toContain('独角兽计划');
      expect(await inViewport(page, found)).toBe(true);
      await screenshot(page, `search-${px}-opened-at-hit`, false);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.close();
    });

    it(`keeps a 无痕对话 out of history, memory and the server once ended at ${px} px`, async () => {
      const { token } = await registerViaApi(baseUrl, nextPhone(), '无痕用户');
      const page = await newPage(browser, baseUrl, viewport);
      await page.goto(`/chat/general?token=${await signInTicket(token)}`);
      await page.getByLabel('输入您的问题').waitFor();
      const created = page.waitForResponse(
        (r) => r.url().endsWith('/api/chat/chat-new') && r.request().postData()?.includes('"private":true') === true,
      );
      await page.getByRole('button', { name: '开启无痕对话' }).click();
      const privateId = String(((await (await created).json()) as { session_id: string }).session_id);
      await page.getByTestId('private-banner').waitFor();
      await page.getByLabel('输入您的问题').fill('记住：我其实很怕黑');
      await page.getByRole('button', { name: '发送' }).click();
      await page.locator('[data-testid="message-assistant"][data-status="done"]').waitFor();
      expect(await page.getByTestId('memory-saved').count()).toBe(0);
      await screenshot(page, `private-chat-${px}`, false);

      const listed = await api('GET', '/cache/session-list', token);
      expect((listed.json?.data as { session_id: string }[]).map((s) => s.session_id)).not.toContain(privateId);
      expect((await api('GET', `/chat/search?q=${encodeURIComponent('怕黑')}`, token)).json?.data).toEqual([]);

      await page.getByRole('button', { name: '结束无痕对话' }).click();
      await page.getByTestId('private-banner').waitFor({ state: 'detached' });
      await expect.poll(async () => (await api('GET', `/cache/session-detail?session_id=${privateId}`, token)).status).toBe(404);
      expect((await api('GET', '/memory', token)).json?.data).toEqual([]);
      const cached = await page.evaluate(() => JSON.stringify(localStorage));
      expect(cached).not.toContain('怕黑');
      await page.close();
    });

    it(`lets the user see, edit, delete and switch off memory in 我的 → 记忆 at ${px} px`, async () => {
      const { token } = await registerViaApi(baseUrl, nextPhone(), '记忆用户');
      const s = await newChat(token, 'general');
      await askApi(token, 'general', s, '记住：我喜欢被叫作小林');
      await askApi(token, 'general', s, '记住：我对花生过敏');
      await askApi(token, 'general', s, '推荐一道菜');

      const page = await newPage(browser, baseUrl, viewport);
      // The reply that had memory in its context says so.
      await page.goto(`/chat/general?token=${await signInTicket(token)}`);
      await page.getByTestId('memory-used').first().waitFor();
      await page.getByTestId('memory-notice').waitFor();
      await screenshot(page, `memory-${px}-chat-hint`, false);

      await page.goto('/profile');
      await page.getByTestId('memory-card').getByRole('button', { name: '管理记忆' }).click();
      await page.waitForURL(/\/profile\/memory$/);
      const items = page.getByTestId('memory-item');
      await items.first().waitFor();
      expect(await items.count()).toBe(2);
      await screenshot(page, `memory-${px}-page`);

      const peanut = items.filter({ hasText: '我对花生过敏' });
      await peanut.getByRole('button', { name: '编辑' }).click();
      await page.getByLabel('修改记忆').fill('我对花生和芒果过敏');
      await items
        .filter({ has: page.getByLabel('修改记忆') })
        .getByRole('button', { name: /^保\s*存$/ })
        .click();
      await page.getByText('我对花生和芒果过敏').waitFor();
      await items.filter({ hasText: '小林' }).getByRole('button', { name: '删除' }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /^删\s*除$/ })
        .click();
      await expect.poll(() => items.count()).toBe(1);
      expect((await api('GET', '/memory', token)).json?.data).toMatchObject([{ content: '我对花生和芒果过敏', source: 'edited' }]);

      // Wellbeing memory needs its own consent.
      await page.getByRole('switch', { name: '心理、情感类对话的记忆' }).click();
      const agree = page.getByRole('button', { name: '同意并开启' });
      await agree.waitFor();
      expect(await agree.isDisabled()).toBe(true);
      // The dialog may still be zooming in on a busy machine: a tap that did not tick the box is made again.
      const read = page.getByRole('checkbox', { name: /我已阅读并单独同意/ });
      await clickUntil(page.getByText('我已阅读并单独同意'), (timeout) => expect.poll(() => read.isChecked(), { timeout }).toBe(true));
      await screenshot(page, `memory-${px}-consent`, false);
      await agree.click();
      await expect.poll(async () => (await api('GET', '/memory/settings', token)).json?.data).toMatchObject({ sensitive_enabled: true });

      await page.getByRole('switch', { name: '开启长期记忆' }).click();
      await expect.poll(async () => (await api('GET', '/memory/settings', token)).json?.data).toMatchObject({ enabled: false });
      await page.getByRole('button', { name: '清空全部' }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /^清\s*空$/ })
        .click();
      await page.getByText('还没有记忆').waitFor();
      expect((await api('GET', '/memory', token)).json?.data).toEqual([]);
      await screenshot(page, `memory-${px}-cleared`);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await page.close();
    });
  }
});
