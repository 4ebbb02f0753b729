import { MINOR_NIGHT_END_HOUR, MINOR_NIGHT_START_HOUR, SAFETY_MSG } from '@lingxi/shared/rules';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, nextPhone, readSmsCode, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { clickUntil, hasHorizontalOverflow, launchBrowser, newPage, screenshot, type ViewportName } from './support/browser';
import { startOwnServer } from './support/own-server';
import { acknowledgeAiNotice } from './support/safety';

/**
 * The safety layer in a real browser (issue #13): the 你正在和AI对话 notice, 举报 and its resolution, minor mode with
 * the guardian's consent, a reply stopped by moderation, and the break reminder after continuous use.
 */
const baseUrl = e2eServer();
const adminPhone = inject('adminPhone');
const beijingYear = () => new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
/** What a minor is told for an intimate persona at this moment: at night (Beijing time) the night rule comes first. */
const minorRefusalNow = () => {
  const hour = new Date(Date.now() + 8 * 3_600_000).getUTCHours();
  return hour >= MINOR_NIGHT_START_HOUR || hour < MINOR_NIGHT_END_HOUR ? SAFETY_MSG.minorNight : SAFETY_MSG.minorPersona;
};

const input = (page: Page) => page.getByLabel('输入您的问题');
async function ask(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press('Enter');
}
async function lastReplyDone(page: Page) {
  await page.waitForFunction(
    () => {
      const all = document.querySelectorAll('[data-testid="message-assistant"]');
      const s = all[all.length - 1]?.getAttribute('data-status');
      return s === 'done' || s === 'blocked';
    },
    undefined,
    { timeout: 30_000 },
  );
}

describe.skipIf(Boolean(inject('skipReason')))('safety and compliance in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    const px = viewport === 'mobile' ? 375 : 1280;

    it(`asks for the AI notice on a companion persona before the first question, at ${px} px`, async () => {
      const { token } = await registerViaApi(baseUrl, nextPhone(), '小安');
      const page = await newPage(browser, baseUrl, viewport);
      await page.goto(`/chat/psychology?token=${await signInTicket(token)}`);
      const notice = page.getByTestId('ai-disclosure');
      await notice.waitFor();
      expect(await notice.innerText()).toContain('人工智能（AI），不是真人');
      await screenshot(page, `safety-ai-notice-${viewport}`);
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await acknowledgeAiNotice(page);
      await ask(page, '最近有点焦虑');
      await lastReplyDone(page);
      // Reloading in the same sign-in does not ask again.
      await page.reload();
      await page.getByTestId('message-assistant').first().waitFor();
      expect(await page.getByTestId('ai-disclosure').count()).toBe(0);
      await page.close();
    });
  }

  it('takes a 举报 of a reply, shows it in the profile, and shows the administrator’s resolution to the reporter', async () => {
    const { token } = await registerViaApi(baseUrl, nextPhone(), '小举');
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto(`/chat/general?token=${await signInTicket(token)}`);
    await ask(page, '给我一个建议');
    await lastReplyDone(page);
    await page.getByTestId('message-assistant').last().getByRole('button', { name: '举报' }).click();
    const dialog = page.getByRole('dialog', { name: '举报这条回复' });
    await dialog.waitFor();
    // A tap while the dialog is still zooming in can be lost (seen once in a CI-like run): tap again until it is answered.
    await clickUntil(dialog.getByRole('button', { name: /提交举报/ }), (timeout) =>
      dialog.getByText('请选择举报原因').waitFor({ timeout }),
    );
    await dialog.getByText('虚假信息').click();
    await dialog.getByLabel('补充说明').fill('回复里的数据是编的');
    await screenshot(page, 'safety-report-dialog-mobile');
    await dialog.getByRole('button', { name: /提交举报/ }).click();
    await page.getByText('举报已提交，我们会尽快处理').first().waitFor();

    await page.goto('/profile');
    const mine = page.getByTestId('my-reports-card');
    await mine.getByText('处理中').waitFor();
    expect(await mine.innerText()).toContain('虚假信息');

    const admin = await newPage(browser, baseUrl, 'desktop');
    await admin.goto(`/admin/reports?token=${await signInTicket(await adminToken(baseUrl, adminPhone))}`);
    await admin
      .getByText('回复里的数据是编的')
      .or(admin.getByRole('cell', { name: /离线演示/ }).first())
      .first()
      .waitFor();
    await admin.getByRole('row').nth(1).click();
    const drawer = admin.getByRole('dialog', { name: '举报详情' });
    await drawer.getByText('回复里的数据是编的').waitFor();
    await drawer.locator('.report-context-msg').first().getByText('给我一个建议').waitFor();
    await drawer.getByLabel('处理说明').fill('已核实，感谢反馈，我们已调整相关回答');
    await screenshot(admin, 'safety-report-queue-desktop');
    await drawer.getByRole('button', { name: '提交处理结果' }).click();
    await admin.getByText('已处理').first().waitFor();
    await admin.close();

    await page.reload();
    await mine.getByText('已处理').waitFor();
    await mine.getByText('处理结果：已核实，感谢反馈，我们已调整相关回答').waitFor();
    await page.getByTestId('emergency-contact-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'safety-profile-reports-mobile', false);
    await page.close();
  });

  it('sets an emergency contact in the profile and texts them from the crisis card only after confirming', async () => {
    const { token } = await registerViaApi(baseUrl, nextPhone(), '小援');
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto(`/profile?token=${await signInTicket(token)}`);
    const card = page.getByTestId('emergency-contact-card');
    const contact = nextPhone();
    await card.getByLabel('联系人称呼').fill('妈妈');
    await card.getByLabel('联系人手机号').fill(contact);
    await card.getByRole('button', { name: /保\s*存/ }).click();
    await card.getByText(`妈妈 ${contact.slice(0, 3)}****${contact.slice(7)}`).waitFor();

    await page.goto('/chat/psychology');
    await acknowledgeAiNotice(page);
    await ask(page, '我真的不想活了');
    await lastReplyDone(page);
    const alert = page.locator('.chat-crisis-card').getByTestId('emergency-alert');
    await alert.waitFor();
    const sms = () => fetch(`${baseUrl}/api/sandbox/sms?phone=${contact}`).then((r) => r.status);
    expect(await sms()).toBe(404);
    await alert.click();
    const confirm = page.getByRole('dialog', { name: '通知紧急联系人' });
    await confirm.getByText('将给 妈妈').waitFor();
    await screenshot(page, 'safety-emergency-confirm-mobile', false);
    await confirm.getByRole('button', { name: '先不用' }).click();
    expect(await sms()).toBe(404);
    await alert.click();
    await confirm.getByRole('button', { name: '确认发送' }).click();
    await page.getByText('已通知妈妈').first().waitFor();
    expect(await sms()).toBe(200);
    await page.close();
  });

  it('puts a minor in minor mode: rules in the profile, intimate personas refused, and a child waits for the guardian', async () => {
    const minor = await registerViaApi(baseUrl, nextPhone(), '小未', 'secret123', { birth_year: beijingYear() - 16 });
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto(`/profile?token=${await signInTicket(minor.token)}`);
    const card = page.getByTestId('minor-mode-card');
    await card.getByText('已开启').waitFor();
    expect(await card.innerText()).toContain('每天最多使用 60 分钟');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'safety-minor-mode-profile-mobile', false);

    await page.goto('/chat/love');
    await page.getByTestId('ai-disclosure').waitFor();
    await acknowledgeAiNotice(page);
    const expected = [minorRefusalNow()];
    await ask(page, '怎么和喜欢的人相处');
    const refusal = page.getByText(new RegExp(`${SAFETY_MSG.minorPersona}|${SAFETY_MSG.minorNight}`)).first();
    await refusal.waitFor();
    expected.push(minorRefusalNow()); // the question may have crossed 22:00 or 6:00
    expect(expected).toContain(await refusal.innerText());
    await screenshot(page, 'safety-minor-refused-mobile');

    const child = await registerViaApi(baseUrl, nextPhone(), '小童', 'secret123', { birth_year: beijingYear() - 12 });
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/profile?token=${await signInTicket(child.token)}`);
    const childCard = page.getByTestId('minor-mode-card');
    await childCard.getByText('需要监护人同意').waitFor();
    const guardian = nextPhone();
    await childCard.getByLabel('监护人手机号').fill(guardian);
    const before = Date.now() - 1000;
    await childCard.getByRole('button', { name: '发送验证码' }).click();
    const { code } = await readSmsCode(baseUrl, guardian, before);
    await childCard.getByLabel('监护人验证码').fill(code);
    await childCard.getByRole('button', { name: '监护人同意' }).click();
    await page.getByText('监护人验证成功').first().waitFor();
    await childCard.getByText(/监护人：137\*\*\*\*/).waitFor();
    expect(await childCard.getByText('需要监护人同意').count()).toBe(0);
    await page.close();
  });
});

describe.skipIf(Boolean(inject('skipReason')))('a reply stopped by moderation, and the break reminder', () => {
  let browser: Browser;
  let own: Awaited<ReturnType<typeof startOwnServer>>;
  beforeAll(async () => {
    // A 15-second reminder (0.25 minute), and a word the offline demo reply contains: every reply on this server is stopped.
    own = await startOwnServer(
      {
        BREAK_REMINDER_MINUTES: '0.25',
        SITE_ICP_NUMBER: '京ICP备12345678号-1',
        SITE_PUBLIC_SECURITY_NUMBER: '京公网安备11010502030143号',
        GENAI_MODEL_NAME: '灵犀对话模型',
        GENAI_FILING_NUMBER: 'Beijing-LingXi-20250101',
      },
      ['离线演示内容'],
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await own?.stop();
  });

  for (const viewport of ['mobile', 'desktop'] as ViewportName[]) {
    it(`shows the configured filing numbers in the footer and on the about page at ${viewport === 'mobile' ? 375 : 1280} px`, async () => {
      const page = await newPage(browser, own.baseUrl, viewport);
      await page.goto('/about');
      const about = page.locator('.filing-info-about');
      await about.getByText('生成式人工智能服务备案：灵犀对话模型（Beijing-LingXi-20250101）').waitFor();
      expect(await about.getByRole('link', { name: '京ICP备12345678号-1' }).getAttribute('href')).toBe('https://beian.miit.gov.cn/');
      const footer = page.locator('.app-footer [data-testid="filing-info"]');
      await footer.getByText('京公网安备11010502030143号').waitFor();
      expect(await hasHorizontalOverflow(page)).toBe(false);
      await screenshot(page, `safety-filing-about-${viewport}`);
      await page.close();
    });
  }

  it('shows a blocked reply as the replacement text, never the blocked words, then reminds to rest after the configured use and leaves in one tap', async () => {
    const { token } = await registerViaApi(own.baseUrl, nextPhone(), '小休');
    const page = await newPage(browser, own.baseUrl, 'mobile');
    // The page's first heartbeat starts the server's count of continuous use.
    const firstBeat = page.waitForResponse((r) => r.url().endsWith('/api/safety/heartbeat') && r.ok());
    await page.goto(`/chat/general?token=${await signInTicket(token, own.baseUrl)}`);
    await firstBeat;
    const started = Date.now();
    await ask(page, '你好');
    await lastReplyDone(page);
    const reply = page.getByTestId('message-assistant').last();
    expect(await reply.getAttribute('data-status')).toBe('blocked');
    const text = await reply.innerText();
    expect(text).toContain('已被系统拦截');
    expect(text).toContain('内容已拦截');
    expect(text).not.toContain('离线演示内容');
    await screenshot(page, 'safety-blocked-reply-mobile');

    // Before the 15 s are up a question is answered; once they are, the server refuses the next question until the
    // reminder is acknowledged, and the page shows the reminder instead of a reply.
    expect(await page.getByTestId('break-reminder').count()).toBe(0);
    await page.waitForTimeout(Math.max(0, started + 15_500 - Date.now()));
    const refused = page.waitForResponse((r) => r.url().includes('/api/chat') && r.status() === 428);
    await ask(page, '还在吗');
    await refused;
    const reminder = page.getByTestId('break-reminder');
    await reminder.waitFor();
    expect(Date.now() - started).toBeGreaterThan(15_000);
    await reminder.getByText('你已经连续使用约 1 分钟了', { exact: false }).waitFor();
    await screenshot(page, 'safety-break-reminder-mobile');
    await page.getByTestId('safety-leave').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.close();
  }, 120_000);
});
