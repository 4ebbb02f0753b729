import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { hasHorizontalOverflow, launchBrowser, newPage, screenshot, type ViewportName } from './support/browser';
import { acknowledgeAiNotice } from './support/safety';

/**
 * The AI companion chat in a real browser against the real server, which runs the built-in offline provider
 * (labelled 【离线演示回复】, streamed in chunks ~60 ms apart) — enough to drive every UI flow end to end.
 */
const baseUrl = e2eServer();
const adminPhone = inject('adminPhone');

const lastReply = (page: Page) => page.getByTestId('message-assistant').last();
const input = (page: Page) => page.getByLabel('输入您的问题');

async function ask(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
}

async function waitForStatus(page: Page, status: string) {
  await page.waitForFunction(
    (s) => {
      const all = document.querySelectorAll('[data-testid="message-assistant"]');
      return all[all.length - 1]?.getAttribute('data-status') === s;
    },
    status,
    { timeout: 20_000 },
  );
}

/** From now on, every status the last reply shows, in order, recorded in the page as it changes. */
async function recordReplyStatuses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { replyStatuses: string[] }).replyStatuses = seen;
    const note = () => {
      const all = document.querySelectorAll('[data-testid="message-assistant"]');
      const status = all[all.length - 1]?.getAttribute('data-status');
      if (status && seen[seen.length - 1] !== status) seen.push(status);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
  return () => page.evaluate(() => (window as unknown as { replyStatuses: string[] }).replyStatuses);
}

/**
 * From now on, whether the 'AI正在思考中...' indicator is ever shown. It lasts only until the first chunk arrives, which
 * can be quicker than one Playwright poll, so the page records it as it renders.
 */
async function recordThinking(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const w = window as unknown as { sawThinking: boolean };
    w.sawThinking = false;
    const note = () => {
      const typing = document.querySelector('[data-testid="message-assistant"] .chat-typing');
      if (typing?.textContent?.includes('AI正在思考中...')) w.sawThinking = true;
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true });
  });
  return () => page.evaluate(() => (window as unknown as { sawThinking: boolean }).sawThinking);
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: '菜单' }).click();
  await page.locator('.chat-drawer').getByText('历史记录').waitFor();
}

describe.skipIf(Boolean(inject('skipReason')))('AI companion chat', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    const px = viewport === 'mobile' ? 375 : 1280;

    it(`picks a persona, streams a labelled reply, stops, regenerates and manages sessions at ${px} px`, async () => {
      const { token } = await registerViaApi(baseUrl, nextPhone(), '小灵');
      const page = await newPage(browser, baseUrl, viewport, { serviceWorkers: 'allow' });
      await page.goto(`/?token=${await signInTicket(token)}`);
      await page.getByRole('button', { name: '心理陪伴' }).click();
      await page.waitForURL('**/chat/psychology');
      // A companion persona: the 你正在和AI对话 notice comes first (safety.test.ts covers it).
      await acknowledgeAiNotice(page);

      // No history yet: a new chat is created and the persona greets with suggested questions. The user did nothing,
      // so nothing is toasted (issue #16).
      await page.getByText('你好，我在这里听你说').waitFor();
      expect(await page.getByText('已创建新对话').count()).toBe(0);
      await page.getByText('你正在与AI对话', { exact: false }).waitFor();
      expect(await page.title()).toBe('心理陪伴 - 灵犀');
      expect(await page.getByRole('button', { name: '发送' }).count()).toBe(0);
      await screenshot(page, `chat-${px}-empty`, false);

      const sawThinking = await recordThinking(page);
      await ask(page, '最近压力很大，怎么办？');
      await waitForStatus(page, 'done');
      expect(await sawThinking()).toBe(true);
      await expect.poll(() => lastReply(page).textContent()).toContain('【离线演示回复】');
      await expect.poll(() => lastReply(page).getByText('AI 生成').isVisible()).toBe(true);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `chat-${px}-conversation`, false);

      // Stop mid-reply: the partial text stays, marked, and the server kept it as aborted. The offline reply streams
      // for about a second (a long question makes it longer): the statuses are recorded from before the question, so
      // only the tap lies between seeing it stream and stopping it, even on a loaded machine.
      const statuses = await recordReplyStatuses(page);
      await ask(page, '能再详细讲讲放松的方法吗？比如睡前可以做哪些练习，白天工作累了又该怎样让自己慢慢平静下来呢？');
      await waitForStatus(page, 'streaming');
      await lastReply(page).locator('.chat-bubble .md').waitFor(); // its first text: the stop leaves a partial reply
      // After the stream ends the page reloads the session until the server has stopped calling the reply
      // 'streaming'; that last reload is the one it keeps. (Only a reload that holds this second turn: on a slow
      // machine the first turn's reload can still be answered now.)
      const settled = page.waitForResponse(async (r) => {
        if (!r.url().includes('/api/cache/session-detail')) return false;
        const { messages } = ((await r.json()) as { data: { messages: { status: string }[] } }).data;
        return messages.length >= 4 && messages.at(-1)?.status !== 'streaming';
      });
      // The reply scrolls the view as it grows, and on a loaded machine a pointer click kept retrying (something else
      // was under the pointer) until the ~1 s reply had ended: the stop is sent to the button itself.
      await page.getByRole('button', { name: '停止生成' }).dispatchEvent('click');
      await waitForStatus(page, 'aborted');
      await lastReply(page).getByText('已停止生成').waitFor();
      const partial = (await lastReply(page).locator('.chat-bubble').textContent()) ?? '';
      expect(partial.length).toBeGreaterThan(0);
      expect(((await (await settled).json()) as { data: { messages: { status: string }[] } }).data.messages.at(-1)?.status).toBe('aborted');
      // Once stopped, the bubble never went back to '生成中' on the way, and stays stopped (the first reply's done, then
      // the new one from its pending start).
      expect(await statuses()).toEqual(['done', 'pending', 'streaming', 'aborted']);
      expect(await lastReply(page).getAttribute('data-status')).toBe('aborted');

      // Regenerate the stopped reply: it is replaced by a complete one.
      await lastReply(page).getByRole('button', { name: '重新生成' }).click();
      await waitForStatus(page, 'done');
      expect(await page.getByTestId('message-assistant').count()).toBe(2);
      await expect.poll(() => lastReply(page).textContent()).toContain('提示：以上内容仅用于演示对话流程');

      // The drawer: the session is named from its first question; a new chat, switching back, rename, delete.
      await openDrawer(page);
      const drawer = page.locator('.chat-drawer');
      await drawer.getByText('最近压力很大，怎么办？').waitFor();
      await screenshot(page, `chat-${px}-drawer`, false);
      await drawer.getByRole('button', { name: '新建对话' }).click();
      await page.getByText('已创建新对话').first().waitFor();
      await page.getByText('你好，我在这里听你说').waitFor();
      expect(await page.getByTestId('message-assistant').count()).toBe(0);

      await openDrawer(page);
      expect(await drawer.locator('.chat-session').count()).toBe(2);
      await drawer.getByText('最近压力很大，怎么办？').click();
      await page.getByText('已切换到该对话').first().waitFor();
      await expect.poll(() => page.getByTestId('message-assistant').count()).toBe(2);

      await openDrawer(page);
      await drawer.getByRole('button', { name: '重命名 最近压力很大，怎么办？' }).click();
      await page.getByLabel('会话名称').fill('压力话题');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('重命名成功').first().waitFor();
      await drawer.getByText('压力话题').waitFor();

      const other = drawer.locator('.chat-session').filter({ hasNotText: '压力话题' });
      await other.getByRole('button', { name: /^删除/ }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await page.getByText('删除成功').first().waitFor();
      await expect.poll(() => drawer.locator('.chat-session').count()).toBe(1);

      await drawer.getByRole('tab', { name: '功能' }).click();
      for (const name of ['语音对话', '虚拟人', '设置', '帮助']) await drawer.getByText(name).waitFor();
      expect(await drawer.getByText('即将上线').count()).toBe(4);
      await screenshot(page, `chat-${px}-features`, false);
    });

    it(`shows the crisis card and keeps a reply across a refresh mid-stream at ${px} px`, async () => {
      const { token } = await registerViaApi(baseUrl, nextPhone(), '小安');
      const page = await newPage(browser, baseUrl, viewport);
      await page.goto(`/chat/emotional?token=${await signInTicket(token)}`);
      await acknowledgeAiNotice(page);
      await page.getByText('你好，很高兴你愿意来这里').waitFor();

      await ask(page, '我觉得活着没意思，不想活了');
      await waitForStatus(page, 'done');
      const card = page.locator('.chat-crisis-card');
      await card.waitFor();
      expect(await card.textContent()).toContain('12356');
      expect(await card.getByRole('link', { name: '110' }).getAttribute('href')).toBe('tel:110');
      expect(await card.getByRole('link', { name: '120' }).getAttribute('href')).toBe('tel:120');
      await screenshot(page, `chat-${px}-crisis`, false);

      await ask(page, '谢谢你，我想听听怎么照顾自己');
      await page.waitForFunction(() => {
        const all = document.querySelectorAll('[data-testid="message-assistant"]');
        return (all[all.length - 1]?.textContent ?? '').includes('离线演示');
      });
      await page.reload();
      // The server noticed the page go away and kept what had arrived; the reloaded page shows it.
      await expect.poll(() => page.getByTestId('message-assistant').count(), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => lastReply(page).getAttribute('data-status'), { timeout: 15_000 }).toMatch(/^(aborted|done)$/);
      expect(await lastReply(page).textContent()).toContain('【离线演示回复】');
      expect(await hasHorizontalOverflow(page)).toBe(false);
    });
  }

  it('keeps token statistics to admins: a normal user sees the notice', async () => {
    const { token } = await registerViaApi(baseUrl, nextPhone(), '普通用户');
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto(`/token-stats?token=${await signInTicket(token)}`);
    await page.getByText('仅管理员可以查看令牌统计').waitFor();
    await screenshot(page, 'token-stats-375-denied', false);
  });

  it('lets the admin query token usage by phone', async () => {
    const admin = await adminToken(baseUrl, adminPhone);
    const user = nextPhone();
    const { token } = await registerViaApi(baseUrl, user, '统计对象');
    const chatPage = await newPage(browser, baseUrl, 'desktop');
    await chatPage.goto(`/chat/learning?token=${await signInTicket(token)}`);
    await chatPage.getByText('学习伙伴').first().waitFor();
    await ask(chatPage, '怎么提高专注力？');
    await waitForStatus(chatPage, 'done');

    const page = await newPage(browser, baseUrl, 'desktop');
    await page.goto(`/token-stats?token=${await signInTicket(admin)}`);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('请输入 session_id 或手机号').first().waitFor();
    await page.getByLabel('手机号').fill(` ${user} `);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(1);
    for (const t of ['总Token数', '用户Token', '助手Token']) await page.getByText(t).waitFor();
    await screenshot(page, 'token-stats-1280', false);
  });
});
