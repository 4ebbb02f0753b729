import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { computeChartFromSpec, pairingFacts } from '@lingxi/bazi';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readTextChunks } from '../src/lib/share-card/png-text';
import { nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { hasHorizontalOverflow, launchBrowser, newPage, screenshot, type ViewportName } from './support/browser';
import { screenshotDir } from './support/paths';
import { acknowledgeAiNotice } from './support/safety';

const baseUrl = e2eServer();

const me = {
  year: '2008',
  month: '08',
  day: '08',
  hour: '20',
  minute: '00',
  gender: 'male',
  calendarType: 'solar',
  birth_place: '北京北京',
  isLeapMonth: false,
};
const late = { ...me, hour: '23', minute: '30' };
const her = {
  year: '1990',
  month: '05',
  day: '09',
  hour: '08',
  minute: '05',
  gender: 'female',
  calendarType: 'solar',
  birth_place: '广东广州',
  isLeapMonth: false,
};

/** Saves a chart through the API as the signed-in user; answers its id. */
async function saveChart(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${baseUrl}/api/bazi-paipan/paipan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { chart_id?: string; message: string };
  if (!json.chart_id) throw new Error(`paipan: ${json.message}`);
  return json.chart_id;
}

const beijingNow = () => new Date(Date.now() + 8 * 3_600_000);

/**
 * The page is no wider than the device. With isMobile emulation a wider page widens window.innerWidth too (the
 * browser zooms out), so the width is compared with the viewport the page was opened at.
 */
async function fitsWidth(page: Page): Promise<boolean> {
  const width = page.viewportSize()?.width ?? 0;
  return (await page.evaluate(() => document.documentElement.scrollWidth)) <= width + 1 && !(await hasHorizontalOverflow(page));
}

describe.skipIf(Boolean(inject('skipReason')))('the professional chart, timeline, 合婚 and share card in the browser', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ token } = await registerViaApi(baseUrl, nextPhone(), '细盘用户'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const open = async (viewport: ViewportName, url: string): Promise<Page> => {
    const page = await newPage(browser, baseUrl, viewport);
    await page.goto(`${url}${url.includes('?') ? '&' : '?'}token=${await signInTicket(token)}`);
    return page;
  };

  it('opens the year list at 1990, takes a typed year, and casts a named chart with an unknown hour that survives a refresh', async () => {
    const page = await open('mobile', '/baziinput');
    const year = page.getByRole('combobox', { name: '年', exact: true });
    await year.click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-selected', { hasText: '1990年' })
      .waitFor();
    await year.fill('1962');
    await page.keyboard.press('Enter');
    await page.getByLabel('命盘名称').fill('妈妈');
    await page.getByRole('checkbox', { name: '不知道出生时辰' }).check();
    await page.getByText('只排年、月、日三柱').waitFor();
    expect(await page.getByRole('combobox', { name: '时', exact: true }).isDisabled()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'bazi-input-unknown-hour-mobile');
    await page.getByRole('button', { name: '开始排盘' }).click();
    await page.waitForURL(/\/baziresult\?id=/);
    await page.locator('.bazi-chart-name', { hasText: '妈妈' }).waitFor();
    expect(await page.locator('.bazi-pillars-3').count()).toBe(1);
    await page.getByText('出生时辰不详：只排年、月、日三柱').waitFor();
    const url = page.url();
    await page.reload();
    await page.locator('.bazi-chart-name', { hasText: '妈妈' }).waitFor();
    expect(page.url()).toBe(url);
    expect(await page.locator('.bazi-header').innerText()).toContain('1962');
    expect(await fitsWidth(page)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'bazi-result-unknown-hour-mobile');
    // Back to the form and forward again: the chart is still the one the address names.
    await page.goBack();
    await page.goForward();
    await page.locator('.bazi-chart-name', { hasText: '妈妈' }).waitFor();
    await page.context().close();
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows the 专业细盘 with each pillar’s 神煞, explained on tap, and switches the 子-hour rule in place (${viewport})`, async () => {
      const id = await saveChart(token, late);
      const page = await open(viewport, `/baziresult?id=${id}&tab=pro`);
      const chart = computeChartFromSpec(late);
      const table = page.getByRole('table', { name: '专业细盘' });
      await table.waitFor();
      const starRow = table.locator('.bazi-row-神煞 .bazi-pillars-cell');
      const stars = await starRow.evaluateAll((cells) =>
        cells.map((c) => [...c.querySelectorAll('.ant-tag')].map((t) => t.textContent ?? '')),
      );
      expect(stars).toEqual([chart.pillars.year, chart.pillars.month, chart.pillars.day, chart.pillars.hour].map((p) => p?.shen_sha ?? []));
      const firstStar = chart.pillars.day.shen_sha[0] ?? '';
      await starRow.nth(2).getByText(firstStar, { exact: true }).click();
      await page
        .locator('.bazi-shensha-pop')
        .getByText(/^查法：/)
        .waitFor();
      await page
        .locator('.bazi-shensha-pop')
        .getByText(/^出处：/)
        .waitFor();
      for (const v of [chart.tai_yuan, chart.tai_xi, chart.ming_gong, chart.shen_gong])
        await page
          .getByText(v?.na_yin ?? '', { exact: true })
          .first()
          .waitFor();
      await page.keyboard.press('Escape');
      expect(await fitsWidth(page)).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `bazi-pro-${viewport}`);

      // 23:30: with 晚子时 (0点换日) the day pillar is still the day before's.
      const night = computeChartFromSpec({ ...late, ziHourRule: 'day-changes-at-0' });
      expect(night.pillars.day.gan_zhi).not.toBe(chart.pillars.day.gan_zhi);
      await page.getByText('晚子时（0点换日）').click();
      await page.getByText('已按新规则重新排盘').waitFor();
      const dayCell = table.locator('.bazi-row-天干 .bazi-pillars-cell').nth(2);
      await expect.poll(async () => (await dayCell.innerText()).trim()).toBe(night.pillars.day.gan);
      await page.reload();
      await expect
        .poll(async () =>
          (await page.getByRole('table', { name: '专业细盘' }).locator('.bazi-row-天干 .bazi-pillars-cell').nth(2).innerText()).trim(),
        )
        .toBe(night.pillars.day.gan);
      await page.context().close();
    });
  }

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`shows the 流年/流月 timeline with this year and month highlighted, and asks the 八字 persona about a month (${viewport})`, async () => {
      const id = await saveChart(token, me);
      const page = await open(viewport, `/baziresult?id=${id}&tab=timeline`);
      const now = beijingNow();
      const year = now.getUTCFullYear();
      const chart = computeChartFromSpec({ ...me, liu_yue_year: year });
      await page.locator('.bazi-year-number', { hasText: `${year}年` }).waitFor();
      await page.locator('.bazi-year-card').getByText('今年').waitFor();
      const months = page.locator('ol.bazi-liuyue > li');
      await expect.poll(() => months.count()).toBe(12);
      const texts = (await months.allInnerTexts()).map((t) => t.replace(/\s+/g, ''));
      expect(texts.map((t) => t.slice(0, 4))).toEqual((chart.liu_yue ?? []).map((m) => m.term + m.gan_zhi));
      const stamp = `${now.toISOString().slice(0, 10)} ${now.toISOString().slice(11, 19)}`;
      const currentIndex = (chart.liu_yue ?? []).findIndex((m) => m.start <= stamp && stamp < m.end);
      if (currentIndex >= 0) expect(await months.nth(currentIndex).getAttribute('aria-current')).toBe('true');
      await page.locator('.bazi-current-cycle').first().waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `bazi-timeline-${viewport}`);

      await page.getByRole('button', { name: '下一年' }).click();
      await page.locator('.bazi-year-number', { hasText: `${year + 1}年` }).waitFor();
      const next = computeChartFromSpec({ ...me, liu_yue_year: year + 1 });
      await expect
        .poll(async () => (await months.first().innerText()).replace(/\s+/g, '').slice(0, 4))
        .toBe(`${next.liu_yue?.[0]?.term}${next.liu_yue?.[0]?.gan_zhi}`);
      const second = next.liu_yue?.[1];
      await months.nth(1).getByRole('button', { name: /问AI/ }).click();
      await page.waitForURL('**/chat/bazi');
      const question = `${year + 1}年${second?.term}起的${second?.gan_zhi}月需要注意什么？`;
      await page.getByTestId('message-user').filter({ hasText: question }).waitFor();
      await page.getByTestId('message-assistant').first().waitFor();
      await page.context().close();
    });
  }

  it('asks the 八字 persona about any year of a cycle with one tap, grounded in that year', async () => {
    const id = await saveChart(token, me);
    const page = await open('mobile', `/baziresult?id=${id}&tab=timeline`);
    // A year of the current cycle (whose years are shown open) other than this one.
    const thisYear = beijingNow().getUTCFullYear();
    const cycle = computeChartFromSpec(me).da_yun.find((d) => thisYear >= d.start_year && thisYear <= d.end_year);
    const year = cycle?.start_year === thisYear ? cycle.end_year : (cycle?.start_year ?? thisYear);
    const pillar = computeChartFromSpec({ ...me, liu_yue_year: year }).yun_relations?.liu_nian;
    await page.getByRole('button', { name: `问AI：${year}年需要注意什么` }).click();
    await page.waitForURL('**/chat/bazi');
    await page
      .getByTestId('message-user')
      .filter({ hasText: `${year}年（${pillar}年）需要注意什么？` })
      .waitFor();
    await page.context().close();
  });

  it('pairs two saved charts only after the consent tick, shows the facts and hands them to 姻缘情感', async () => {
    const { token: own } = await registerViaApi(baseUrl, nextPhone(), '合婚用户');
    await saveChart(own, { ...me, name: '我' });
    await saveChart(own, { ...her, name: '小雨' });
    const page = await newPage(browser, baseUrl, 'mobile');
    await page.goto(`/bazihehun?token=${await signInTicket(own)}`);
    const submit = page.getByRole('button', { name: '查看合婚' });
    await submit.waitFor();
    const b = page.getByRole('combobox', { name: '乙方' });
    await b.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '小雨' }).click();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /我已征得对方同意/ }).check();
    await submit.click();
    await page.waitForURL(/\/bazihehun\?id=/);
    const facts = pairingFacts(computeChartFromSpec(me), computeChartFromSpec(her));
    const card = page.locator('.bazi-pairing-facts');
    await card.getByText(facts.day_master.text).waitFor();
    await card.getByText(facts.na_yin.text).waitFor();
    expect(await card.innerText()).toContain(`${facts.year_branch.a} 与 ${facts.year_branch.b}`);
    expect(await page.locator('body').innerText()).not.toMatch(/\d+\s*分/);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'bazi-hehun-mobile');
    await page.reload();
    await card.getByText(facts.day_master.text).waitFor();
    await page.getByRole('button', { name: '请姻缘情感顾问解读' }).click();
    await page.waitForURL('**/chat/love');
    // 姻缘情感 is a companion persona: the 你正在和AI对话 notice comes first, then the question is asked (issue #13).
    await acknowledgeAiNotice(page);
    await page.getByTestId('message-user').filter({ hasText: '请根据我们的合婚信息' }).waitFor();
    await page.context().close();
  });

  it('renders the desktop 合婚 page', async () => {
    const page = await open('desktop', '/bazihehun');
    await page.getByText('八字合婚').first().waitFor();
    await screenshot(page, 'bazi-hehun-desktop');
    await page.context().close();
  });

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`makes a PNG share card with the invitation QR, hiding the birth data until ticked (${viewport})`, async () => {
      const id = await saveChart(token, { ...her, name: '小雨' });
      const page = await open(viewport, `/baziresult?id=${id}`);
      const link = page.waitForResponse((r) => r.url().includes('/api/referrer/referrer-link/'));
      await page.getByRole('button', { name: '分享卡片' }).click();
      // The QR code carries the user's own invitation link (/register?referrer=…).
      expect(((await (await link).json()) as { data: { link: string } }).data.link).toContain('/register?referrer=');
      const image = page.locator('img.share-card-image');
      await image.waitFor();
      const first = await image.getAttribute('src');
      expect(first?.startsWith('data:image/png;base64,')).toBe(true);
      // The card itself: title, pillars, QR to the user's own invitation link; no birth date or place.
      const stage = page.locator('.share-card-stage .chart-card');
      expect(await stage.innerText()).toContain('小雨的八字');
      expect(await stage.innerText()).not.toContain('1990-05-09');
      const qr = decodeURIComponent((await stage.locator('img.chart-card-qr').getAttribute('src')) ?? '');
      expect(qr).toContain('<svg');
      if (viewport === 'mobile') await page.getByText('长按图片保存，或发送给朋友').waitFor();
      else expect(await page.getByRole('link', { name: /下载图片/ }).getAttribute('download')).toBe('灵犀-八字命盘.png');
      await screenshot(page, `bazi-share-dialog-${viewport}`, false);

      await page.getByRole('checkbox', { name: '显示出生日期和地点' }).check();
      await expect.poll(() => image.getAttribute('src')).not.toBe(first);
      expect(await stage.innerText()).toContain('1990-05-09');
      const src = (await image.getAttribute('src')) ?? '';
      const png = Buffer.from(src.split(',')[1] ?? '', 'base64');
      const file = path.join(screenshotDir, `bazi-share-card-${viewport}.png`);
      writeFileSync(file, png);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(720); // 360 CSS px at 2×
      // A computed chart is not AI-generated content: no AIGC label in its metadata.
      expect(readTextChunks(new Uint8Array(png))).not.toHaveProperty('AIGC');
      await page.context().close();
    });
  }
});
