import { count } from 'drizzle-orm';
import { Lunar, Solar } from 'lunar-javascript';
import { describe, expect, it } from 'vitest';
import { baziCharts } from '../src/db/schema';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerUser } from './support/users';

const URL = '/api/bazi-paipan/paipan';
const base = {
  year: '2000',
  month: '01',
  day: '01',
  hour: '12',
  minute: '00',
  isLeapMonth: false,
  gender: 'male',
  calendarType: 'solar',
  birth_place: '北京北京',
};

describe.each(dbTargets)('bazi charts on %s', (target) => {
  const ctx = useTestApp(target);
  const paipan = (payload: object, headers: Record<string, string> = {}) => ctx.inject({ method: 'POST', url: URL, payload, headers });
  const savedCount = async () => (await ctx.database.db.select({ n: count() }).from(baziCharts))[0]!.n;

  it('casts a known chart for an anonymous caller that agrees with lunar-javascript', async () => {
    const res = await paipan(base);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: '排盘成功' });
    const chart = body.data;

    const lunar = Solar.fromYmdHms(2000, 1, 1, 12, 0, 0).getLunar();
    const ec = lunar.getEightChar();
    expect(
      [chart.pillars.year, chart.pillars.month, chart.pillars.day, chart.pillars.hour].map((p: { gan_zhi: string }) => p.gan_zhi),
    ).toEqual([ec.getYear(), ec.getMonth(), ec.getDay(), ec.getTime()]);
    expect(chart.pillars.year.shi_shen).toBe(ec.getYearShiShenGan());
    expect(chart.pillars.month.shi_shen).toBe(ec.getMonthShiShenGan());
    expect(chart.pillars.hour.shi_shen).toBe(ec.getTimeShiShenGan());
    expect(chart.pillars.day.na_yin).toBe(ec.getDayNaYin());
    expect(Object.keys(chart.pillars.month.cang_gan)).toEqual(ec.getMonthHideGan());
    expect(chart.previous_term.name).toBe(lunar.getPrevJieQi(true).getName());
    expect(chart.next_term.name).toBe(lunar.getNextJieQi(true).getName());
    const yun = ec.getYun(1, 2).getDaYun(11).slice(1);
    expect(chart.da_yun.map((d: { gan_zhi: string }) => d.gan_zhi)).toEqual(yun.map((d) => d.getGanZhi()));
    expect(chart.da_yun.map((d: { start_year: number }) => d.start_year)).toEqual(yun.map((d) => d.getStartYear()));
    expect(chart.da_yun[0].events).toHaveLength(10);
    expect(chart).toMatchObject({
      title: '乾造',
      gender: 'male',
      birth_place: '北京北京',
      solar_date: '2000-01-01',
      birth_time: '2000-01-01 12:00:00',
    });
  });

  it('accepts the numbers as integers as well as 2-digit strings', async () => {
    const asText = (await paipan(base)).json().data;
    const asNumbers = await paipan({ ...base, year: 2000, month: 1, day: 1, hour: 12, minute: 0 });
    expect(asNumbers.statusCode, asNumbers.body).toBe(200);
    expect(asNumbers.json().data).toEqual(asText);
  });

  it('rejects every impossible input with a 400 and the calculator’s Chinese message', async () => {
    const cases: [object, string | RegExp][] = [
      [{ ...base, year: '2023', month: '02', day: '29' }, '2023年2月没有29日'],
      [{ ...base, calendarType: 'lunar', year: '2021', month: '04', day: '01', isLeapMonth: true }, '农历2021年没有闰四月（该年没有闰月）'],
      [{ ...base, calendarType: 'lunar', year: '2023', month: '02', day: '30', isLeapMonth: true }, '农历2023年闰二月只有29天，没有30日'],
      [{ ...base, year: '1900' }, /^仅支持1901年至2099年出生的排盘/],
      [{ ...base, year: '2100' }, /^仅支持1901年至2099年出生的排盘/],
      [{ ...base, hour: '24' }, '小时必须在0到23之间，收到24'],
      [{ ...base, minute: '60' }, '分钟必须在0到59之间，收到60'],
      [{ ...base, month: '13' }, '月份必须在1到12之间，收到13'],
      [{ ...base, year: 'abc' }, '年份必须是数字，收到“abc”'],
      [{ ...base, birth_place: '火星基地' }, '未找到出生地“火星基地”，请从列表中选择省份和城市'],
      [{ ...base, birth_place: '' }, '请选择出生地'],
      [{ ...base, gender: 'other' }, '性别只能是男（male）或女（female）'],
      [{ ...base, calendarType: 'julian' }, '历法只能是公历（solar）或农历（lunar）'],
      [{ ...base, isLeapMonth: true }, '公历日期没有闰月，请取消“闰月”'],
      [{ ...base, ziHourRule: 'noon' }, '选项 ziHourRule 只能是 day-changes-at-23 或 day-changes-at-0'],
      [{ ...base, year: '1988', month: '04', day: '17', hour: '02', minute: '30' }, /夏令时/],
      [(({ gender: _g, ...rest }) => rest)(base), '请选择性别'],
      [(({ minute: _m, ...rest }) => rest)(base), '请选择分钟'],
    ];
    for (const [payload, message] of cases) {
      const res = await paipan(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      if (typeof message === 'string') expect(body.message, JSON.stringify(payload)).toBe(message);
      else expect(body.message, JSON.stringify(payload)).toMatch(message);
    }
    const empty = await ctx.inject({ method: 'POST', url: URL, payload: 'null', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
  });

  it('casts a lunar leap-month date (2020 闰四月初十) on the right solar day', async () => {
    const res = await paipan({ ...base, calendarType: 'lunar', year: '2020', month: '04', day: '10', isLeapMonth: true, gender: 'female' });
    expect(res.statusCode, res.body).toBe(200);
    const chart = res.json().data;
    const solar = Lunar.fromYmd(2020, -4, 10).getSolar();
    expect(chart.solar_date).toBe(solar.toYmd());
    expect(chart.lunar_date).toMatchObject({ year: 2020, month: 4, day: 10, is_leap_month: true });
    expect(chart.title).toBe('坤造');
    expect(chart.pillars.day.gan_zhi).toBe(
      Solar.fromYmdHms(solar.getYear(), solar.getMonth(), solar.getDay(), 12, 0, 0).getLunar().getEightChar().getDay(),
    );
  });

  it('echoes the options and applies them (子时 rule, 周岁, DST, true solar time)', async () => {
    const late = { ...base, year: '1988', month: '06', day: '01', hour: '23', minute: '30' };
    const classic = (await paipan({ ...late, dstCorrection: false })).json().data;
    const night = (
      await paipan({ ...late, dstCorrection: false, ziHourRule: 'day-changes-at-0', ageReckoning: 'zhou', trueSolarTime: false })
    ).json().data;
    expect(classic.options).toEqual({ ziHourRule: 'day-changes-at-23', ageReckoning: 'xu', dstCorrection: false, trueSolarTime: false });
    expect(night.options).toEqual({ ziHourRule: 'day-changes-at-0', ageReckoning: 'zhou', dstCorrection: false, trueSolarTime: false });
    expect(night.pillars.day.gan_zhi).not.toBe(classic.pillars.day.gan_zhi);
    expect(night.pillars.hour.zhi).toBe('子');
    expect(night.da_yun[0].start_age).toBe(classic.da_yun[0].start_age - 1);

    const dst = (
      await paipan({
        ...base,
        year: '1988',
        month: '06',
        day: '01',
        hour: '10',
        minute: '30',
        birth_place: '广东广州',
        trueSolarTime: 'true',
      })
    ).json().data;
    expect(dst.options).toMatchObject({ dstCorrection: true, trueSolarTime: true });
    expect(dst.corrections.map((c: { label: string }) => c.label)).toEqual(['夏令时校正', '真太阳时校正']);
    expect(dst.corrections[0]).toMatchObject({ from: '1988-06-01 10:30:00', to: '1988-06-01 09:30:00' });
    expect(dst.standard_time).toBe('1988-06-01 09:30:00');
  });

  it('documents the request and the chart in the OpenAPI document', async () => {
    const doc = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/bazi-paipan/paipan'].post;
    const request = op.requestBody.content['application/json'].schema;
    expect(request.required).toEqual(expect.arrayContaining(['year', 'month', 'day', 'gender', 'calendarType', 'birth_place']));
    // hour and minute may be left out when hourUnknown is true.
    expect(Object.keys(request.properties)).toEqual(expect.arrayContaining(['hour', 'minute', 'hourUnknown', 'liu_yue_year', 'name']));
    expect(JSON.stringify(op.responses['200'])).toContain('da_yun');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/bazi-paipan/charts', '/api/bazi-paipan/charts/{id}']));
  });

  it('saves nothing for anonymous callers', async () => {
    const before = await savedCount();
    await paipan(base);
    await paipan({ ...base, gender: 'female' });
    expect(await savedCount()).toBe(before);
  });

  it('saves a signed-in user’s charts and lists them newest first with a summary', async () => {
    const { token } = await registerUser(ctx);
    const first = await paipan({ ...base, year: '1990', month: '05', day: '20', hour: '08', minute: '05' }, bearer(token));
    expect(first.json().message).toBe('排盘成功，已保存到“我的命盘”');
    ctx.advance(1000);
    const second = await paipan(
      {
        ...base,
        calendarType: 'lunar',
        year: '2020',
        month: '04',
        day: '10',
        isLeapMonth: true,
        gender: 'female',
        birth_place: '广东深圳',
      },
      bearer(token),
    );
    expect(second.statusCode).toBe(200);

    const list = await ctx.inject({ method: 'GET', url: '/api/bazi-paipan/charts', headers: bearer(token) });
    expect(list.statusCode, list.body).toBe(200);
    const { records, total } = list.json().data;
    expect(total).toBe(2);
    const p = second.json().data.pillars;
    expect(records[0]).toMatchObject({
      title: '坤造',
      birth_place: '广东深圳',
      calendar_type: 'lunar',
      birth_time: second.json().data.birth_time,
      pillars: [p.year, p.month, p.day, p.hour].map((x: { gan_zhi: string }) => x.gan_zhi).join(' '),
    });
    expect(records[0].lunar_date).toContain('闰四月');
    expect(records[1]).toMatchObject({ title: '乾造', birth_time: '1990-05-20 08:05:00', calendar_type: 'solar' });
    expect(Date.parse(records[0].created_at)).toBeGreaterThan(Date.parse(records[1].created_at));

    const paged = (await ctx.inject({ method: 'GET', url: '/api/bazi-paipan/charts?page=2&page_size=1', headers: bearer(token) })).json()
      .data;
    expect(paged).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(paged.records.map((r: { id: string }) => r.id)).toEqual([records[1].id]);

    const detail = await ctx.inject({ method: 'GET', url: `/api/bazi-paipan/charts/${records[0].id}`, headers: bearer(token) });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.result).toEqual(second.json().data);
    expect(detail.json().data.input).toEqual({
      year: '2020',
      month: '04',
      day: '10',
      hour: '12',
      minute: '00',
      isLeapMonth: true,
      gender: 'female',
      calendarType: 'lunar',
      birth_place: '广东深圳',
      ziHourRule: 'day-changes-at-23',
      ageReckoning: 'xu',
      dstCorrection: true,
      trueSolarTime: false,
    });
  });

  it('keeps each user’s charts private: another user gets 404 and never sees them', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    await paipan(base, bearer(owner.token));
    const [mine] = (await ctx.inject({ method: 'GET', url: '/api/bazi-paipan/charts', headers: bearer(owner.token) })).json().data.records;

    const peek = await ctx.inject({ method: 'GET', url: `/api/bazi-paipan/charts/${mine.id}`, headers: bearer(other.token) });
    expect(peek.statusCode).toBe(404);
    expect(peek.json().message).toBe('命盘不存在');
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/bazi-paipan/charts/${mine.id}`, headers: bearer(other.token) })).statusCode,
    ).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: '/api/bazi-paipan/charts', headers: bearer(other.token) })).json().data.total).toBe(0);
    expect((await ctx.inject({ method: 'GET', url: '/api/bazi-paipan/charts/not-a-uuid', headers: bearer(owner.token) })).statusCode).toBe(
      404,
    );
    expect((await ctx.inject({ method: 'GET', url: '/api/bazi-paipan/charts' })).statusCode).toBe(401);

    const del = await ctx.inject({ method: 'DELETE', url: `/api/bazi-paipan/charts/${mine.id}`, headers: bearer(owner.token) });
    expect(del.json()).toMatchObject({ success: true, message: '命盘已删除' });
    expect((await ctx.inject({ method: 'GET', url: `/api/bazi-paipan/charts/${mine.id}`, headers: bearer(owner.token) })).statusCode).toBe(
      404,
    );
  });
});

describe.each(dbTargets)('bazi limits on %s', (target) => {
  const ctx = useTestApp(target, { env: { BAZI_RATE_LIMIT_PER_MINUTE: '5', BAZI_MAX_SAVED_CHARTS: '2' } });
  const paipan = (payload: object, headers: Record<string, string> = {}) => ctx.inject({ method: 'POST', url: URL, payload, headers });

  it('keeps only the newest BAZI_MAX_SAVED_CHARTS charts per user', async () => {
    const { token } = await registerUser(ctx);
    for (const hour of ['01', '02', '03']) {
      expect((await paipan({ ...base, hour }, bearer(token))).statusCode).toBe(200);
      ctx.advance(1000);
    }
    const { records, total } = (await ctx.inject({ method: 'GET', url: '/api/bazi-paipan/charts', headers: bearer(token) })).json().data;
    expect(total).toBe(2);
    expect(records.map((r: { birth_time: string }) => r.birth_time)).toEqual(['2000-01-01 03:00:00', '2000-01-01 02:00:00']);
  });

  it('answers 429 past BAZI_RATE_LIMIT_PER_MINUTE requests from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await paipan(base)).statusCode);
    expect(statuses).toContain(429);
    const limited = await paipan(base);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^请求过于频繁/);
  });
});
