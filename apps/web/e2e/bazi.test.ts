import { computeChartFromSpec, lunarMonthsOfYear } from '@lingxi/bazi';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nextPhone, registerViaApi, signInTicket } from './support/api';
import { e2eServer } from './support/server';
import { hasHorizontalOverflow, launchBrowser, newPage, screenshot, settle, type ViewportName } from './support/browser';

const baseUrl = e2eServer();

/**
 * Opens an antd Select by its label, types to filter when it is searchable, and clicks the option with that text; then
 * checks the Select shows it. Each try starts once the page has stopped moving (an error line collapsing under the
 * form moves every field below it, and the dropdown with them); a try whose click was lost (see clickUntil) is closed
 * with Escape and made again.
 */
async function pick(page: Page, label: string, option: string, opts: { search?: string } = {}) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  const select = box.locator('xpath=ancestor::*[contains(@class,"ant-select")][1]');
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  for (let attempt = 1; ; attempt++) {
    await settle(page);
    await box.click();
    if (opts.search) await box.fill(opts.search);
    await dropdown
      .locator('.ant-select-item-option')
      .filter({ has: page.getByText(option, { exact: true }) })
      .first()
      .click();
    const closed = await dropdown.waitFor({ state: 'hidden', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (closed && (await select.innerText()).includes(option)) return;
    if (attempt >= 3) throw new Error(`${label}: could not pick ${option}`);
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
  }
}

async function chooseRadio(page: Page, text: string) {
  await page.locator('.bazi-form label.ant-radio-button-wrapper', { hasText: text }).click();
}

async function fillSolar(
  page: Page,
  o: { province: string; city: string; year: string; month: string; day: string; hour: string; minute: string },
) {
  await pick(page, '省份', o.province, { search: o.province });
  await pick(page, '城市', o.city, { search: o.city });
  await pick(page, '年', `${o.year}年`, { search: o.year });
  await pick(page, '月', o.month);
  await pick(page, '日', o.day);
  await pick(page, '时', o.hour);
  await pick(page, '分', o.minute);
}

/** The 天干 and 地支 rows of the pillar table, read as the four gan-zhi. */
async function pillarsOnPage(page: Page): Promise<string[]> {
  const gan = (await page.locator('.bazi-row-天干 .bazi-pillars-cell').allInnerTexts()).map((t) => t.trim());
  const zhi = (await page.locator('.bazi-row-地支 .bazi-pillars-cell').allInnerTexts()).map((t) => t.trim());
  return gan.map((g, i) => `${g}${zhi[i]}`);
}

const expected = (body: Record<string, unknown>) => {
  const c = computeChartFromSpec({ isLeapMonth: false, ...body } as never);
  return { chart: c, pillars: [c.pillars.year, c.pillars.month, c.pillars.day, c.pillars.hour].map((p) => p?.gan_zhi) };
};

describe.skipIf(Boolean(inject('skipReason')))('bazi input and result in the browser', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ token } = await registerViaApi(baseUrl, nextPhone(), '排盘用户'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const signedIn = async (viewport: ViewportName, path = '/baziinput') => {
    const page = await newPage(browser, baseUrl, viewport);
    await page.goto(`${path}?token=${await signInTicket(token)}`);
    return page;
  };

  it('reaches the form from home and starts from the spec defaults', async () => {
    const page = await signedIn('desktop', '/');
    await page.getByRole('button', { name: /八字排盘/ }).click();
    await page.waitForURL('**/baziinput');
    await page.getByRole('button', { name: '开始排盘' }).waitFor();
    const now = new Date();
    expect(
      await page.getByRole('combobox', { name: '省份' }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]').innerText(),
    ).toContain('北京');
    // The year starts at 1990 (issue #15: the list used to open at the current year), the rest at the current date.
    expect(await page.locator('.ant-form-item').filter({ hasText: /^年/ }).first().innerText()).toContain('1990年');
    expect(await page.locator('.ant-form-item').filter({ hasText: /^月/ }).first().innerText()).toContain(`${now.getMonth() + 1}月`);
    expect(await page.locator('label.ant-radio-button-wrapper-checked').allInnerTexts()).toEqual(['男', '公历']);
    await page.context().close();
  });

  it('names the missing city after a province change, then casts a solar chart that matches the calculator', async () => {
    const page = await signedIn('desktop');
    await pick(page, '省份', '广东', { search: '广东' });
    await page.getByRole('button', { name: '开始排盘' }).click();
    await page.locator('.ant-form-item-explain-error', { hasText: '请选择城市' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/baziinput');

    await fillSolar(page, { province: '广东', city: '深圳', year: '1990', month: '5月', day: '20日', hour: '08时 · 辰时', minute: '05分' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'bazi-input-desktop');
    await page.getByRole('button', { name: '开始排盘' }).click();
    await page.waitForURL(/\/baziresult\?id=/);

    const { chart, pillars } = expected({
      year: '1990',
      month: '05',
      day: '20',
      hour: '08',
      minute: '05',
      gender: 'male',
      calendarType: 'solar',
      birth_place: '广东深圳',
    });
    await page.getByText('乾造').waitFor();
    expect(await pillarsOnPage(page)).toEqual(pillars);
    await page.getByText('广东省 深圳市').waitFor();
    await page.getByText(`${chart.previous_term.name} ${chart.previous_term.datetime}`).waitFor();
    // 1990-05-20 is inside that year's summer time: the page says how the clock time was corrected.
    await page.getByText('已按夏令时校正：1990-05-20 08:05 → 07:05').waitFor();
    expect(await page.locator('.bazi-luck-card:not(.bazi-xiaoyun)').count()).toBe(10);
    expect(await page.locator('.bazi-luck-card:not(.bazi-xiaoyun)').first().getAttribute('aria-label')).toBe(
      `大运 ${chart.da_yun[0]?.gan_zhi}`,
    );
    // 小运 fills the years before the first cycle, in front of the strip.
    expect(await page.locator('.bazi-luck-card').first().getAttribute('aria-label')).toBe(
      chart.xiao_yun.length ? '小运' : `大运 ${chart.da_yun[0]?.gan_zhi}`,
    );
    await screenshot(page, 'bazi-result-desktop');
    await page.context().close();
  });

  it('casts a lunar leap-month date (2020 闰四月初十) with the leap box shown only for 四月', async () => {
    expect(lunarMonthsOfYear(2020).find((m) => m.isLeap)?.month).toBe(4);
    const page = await signedIn('desktop');
    await chooseRadio(page, '农历');
    await chooseRadio(page, '女');
    await pick(page, '年', '2020年', { search: '2020' });
    await pick(page, '月', '五月');
    await page.getByText('农历2020年有闰四月').waitFor();
    expect(await page.getByRole('checkbox', { name: /闰月/ }).count()).toBe(0);
    await pick(page, '月', '四月');
    await page.getByRole('checkbox', { name: '闰月（闰四月）' }).check();
    await pick(page, '日', '初十');
    await pick(page, '时', '12时 · 午时');
    await pick(page, '分', '00分');
    await page.getByRole('button', { name: '开始排盘' }).click();
    await page.waitForURL(/\/baziresult\?id=/);

    const { chart, pillars } = expected({
      year: '2020',
      month: '04',
      day: '10',
      hour: '12',
      minute: '00',
      isLeapMonth: true,
      gender: 'female',
      calendarType: 'lunar',
      birth_place: '北京北京',
    });
    await page.getByText('坤造').waitFor();
    expect(chart.lunar_date.is_leap_month).toBe(true);
    await page.getByText(`${chart.lunar_date.text.replace(/^农历/, '')} 12:00`).waitFor();
    await page.getByText(`${chart.solar_date} 12:00`).waitFor();
    expect(await pillarsOnPage(page)).toEqual(pillars);
    await page.context().close();
  });

  it('shows the server’s own message for a time that never existed (the 1988 summer-time gap)', async () => {
    const page = await signedIn('desktop');
    await fillSolar(page, { province: '北京', city: '北京', year: '1988', month: '4月', day: '17日', hour: '02时 · 丑时', minute: '30分' });
    await page.getByRole('button', { name: '开始排盘' }).click();
    await page
      .locator('.bazi-error')
      .getByText(/夏令时/)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/baziinput');
    await page.context().close();
  });

  it('lists the saved charts under 我的命盘 and reopens one', async () => {
    const page = await signedIn('desktop');
    const saved = page.locator('.bazi-saved');
    await saved.getByText('坤造', { exact: false }).first().waitFor();
    const first = saved.locator('.ant-list-item').first();
    expect(await first.innerText()).toContain('2020-06-01 12:00');
    await first.getByRole('button', { name: '查看' }).click();
    await page.waitForURL(/\/baziresult\?id=/);
    await page.getByText('坤造').waitFor();
    await page.context().close();
  });

  it('asks to calculate first when /baziresult is opened by someone with no chart', async () => {
    const fresh = await registerViaApi(baseUrl, nextPhone(), '新用户');
    const page = await newPage(browser, baseUrl, 'desktop');
    await page.goto(`/baziresult?token=${await signInTicket(fresh.token)}`);
    await page.getByText('暂无排盘数据，请先排盘').waitFor();
    await page.getByRole('button', { name: '去排盘' }).click();
    await page.waitForURL('**/baziinput');
    await page.context().close();
  });

  it('works at 375 px: form and result fit the width, luck cycles scroll sideways', async () => {
    const page = await signedIn('mobile');
    await page.getByRole('button', { name: '开始排盘' }).waitFor();
    expect(await hasHorizontalOverflow(page)).toBe(false);
    await screenshot(page, 'bazi-input-mobile');
    await fillSolar(page, {
      province: '新疆',
      city: '乌鲁木齐',
      year: '1995',
      month: '11月',
      day: '3日',
      hour: '23时 · 子时',
      minute: '40分',
    });
    await page.getByText('高级选项').click();
    await page.getByRole('checkbox', { name: '使用真太阳时' }).check();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'bazi-input-mobile-advanced');
    await page.getByRole('button', { name: '开始排盘' }).click();
    await page.waitForURL(/\/baziresult\?id=/);
    const { pillars } = expected({
      year: '1995',
      month: '11',
      day: '03',
      hour: '23',
      minute: '40',
      gender: 'male',
      calendarType: 'solar',
      birth_place: '新疆乌鲁木齐',
      trueSolarTime: true,
    });
    await page.getByText(/^真太阳时校正：/).waitFor();
    expect(await pillarsOnPage(page)).toEqual(pillars);
    expect(await hasHorizontalOverflow(page)).toBe(false);
    const strip = page.locator('.bazi-luck-strip');
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await screenshot(page, 'bazi-result-mobile');
    await page.context().close();
  });
});
