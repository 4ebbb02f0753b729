import { computeChartFromSpec, pairingFacts } from '@lingxi/bazi';
import { BAZI_PAIRING_MESSAGES } from '@lingxi/shared';
import { describe, expect, it } from 'vitest';
import { baziCharts } from '../src/db/schema';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerUser } from './support/users';
import { her, me } from './support/births';

const PAIPAN = '/api/bazi-paipan/paipan';

describe.each(dbTargets)('the professional chart over the API on %s', (target) => {
  const ctx = useTestApp(target, { env: { BAZI_MAX_PAIRINGS: '3' } });
  const paipan = (payload: object, headers: Record<string, string> = {}) => ctx.inject({ method: 'POST', url: PAIPAN, payload, headers });
  const signedIn = async () => bearer((await registerUser(ctx)).token);
  const save = async (headers: Record<string, string>, body: object) => {
    const res = await paipan(body, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().chart_id as string;
  };

  it('answers the default chart with 神煞, palaces, relations, warnings and 小运, and the timeline only when asked', async () => {
    const res = await paipan(me);
    expect(res.statusCode, res.body).toBe(200);
    // The answer is the calculator's chart byte for byte (the route's own serialiser, ADR 021).
    expect(res.body).toBe(JSON.stringify({ success: true, message: '排盘成功', data: computeChartFromSpec(me) }));
    const chart = res.json().data;
    expect(chart.pillars.day.shen_sha).toEqual(['太极贵人', '国印贵人', '华盖', '日德', '魁罡', '血刃', '流霞', '十恶大败']);
    expect([chart.tai_yuan.gan_zhi, chart.tai_xi.gan_zhi, chart.ming_gong.gan_zhi, chart.shen_gong.gan_zhi]).toEqual([
      '辛亥',
      '乙酉',
      '癸亥',
      '己未',
    ]);
    expect(chart.relations.map((r: { type: string }) => r.type)).toEqual(['三合', '六冲']);
    expect(chart.xiao_yun).toHaveLength(10);
    expect(chart).not.toHaveProperty('liu_yue');
    expect(chart.da_yun[0]).not.toHaveProperty('liu_nian');

    const timeline = (await paipan({ ...me, include: 'timeline', liu_yue_year: '2026' })).json().data;
    expect(timeline.liu_yue_year).toBe(2026);
    expect(timeline.liu_yue.map((m: { gan_zhi: string }) => m.gan_zhi).slice(0, 2)).toEqual(['庚寅', '辛卯']);
    expect(timeline.yun_relations).toMatchObject({ year: 2026, da_yun: '辛酉', liu_nian: '丙午' });
    expect(timeline.da_yun[0].liu_nian[0]).toEqual({ gan_zhi: '戊戌', year: 2018, age: 11 });
    // Without a year, the timeline is this year's on the server's clock.
    const thisYear = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    expect((await paipan({ ...me, include: ['timeline'] })).json().data.liu_yue_year).toBe(thisYear);
  });

  it('refuses a bad include, a 流月 year out of range and a too-long name with Chinese messages', async () => {
    const include = await paipan({ ...me, include: 'everything' });
    expect([include.statusCode, include.json().message]).toEqual([400, 'include 只能是 timeline']);
    const year = await paipan({ ...me, liu_yue_year: '2100' });
    expect([year.statusCode, year.json().message]).toEqual([400, '流月年份必须在1901年至2099年之间，收到2100']);
    const name = await paipan({ ...me, name: '名'.repeat(21) });
    expect([name.statusCode, name.json().message]).toEqual([400, '命盘名称不能超过20个字']);
  });

  it('casts a chart with an unknown birth hour: three pillars, saved with its name and listed as such', async () => {
    const headers = await signedIn();
    const res = await paipan({ ...her, hour: undefined, minute: undefined, hourUnknown: true, name: ' 妈妈 ' }, headers);
    expect(res.statusCode, res.body).toBe(200);
    const chart = res.json().data;
    expect([chart.hour_unknown, chart.pillars.hour, chart.ming_gong]).toEqual([true, null, null]);
    const list = (await ctx.inject({ method: 'GET', url: '/api/bazi-paipan/charts', headers })).json().data.records;
    expect(list[0]).toMatchObject({ id: res.json().chart_id, name: '妈妈', hour_unknown: true });
    expect(list[0].pillars.split(' ')).toHaveLength(3);
    const missing = await paipan({ ...her, hour: undefined }, headers);
    expect([missing.statusCode, missing.json().message]).toEqual([400, '请选择小时']);
  });

  it('opens a saved chart cast again by today’s calculator, with the timeline of the year asked for', async () => {
    const headers = await signedIn();
    const id = await save(headers, { ...me, name: '我' });
    // A chart saved before issue #15 has none of the new fields: opening it casts it again from its request.
    await ctx.database.db.update(baziCharts).set({ result: { gender: 'male', pillars: {} } });
    const res = await ctx.inject({ method: 'GET', url: `/api/bazi-paipan/charts/${id}?include=timeline&liu_yue_year=2030`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({ id, name: '我', input: { year: '2008', birth_place: '北京北京', ziHourRule: 'day-changes-at-23' } });
    expect(saved.result.pillars.year.shen_sha).toEqual(['天德合', '将星']);
    expect(saved.result.liu_yue_year).toBe(2030);
    const bad = await ctx.inject({ method: 'GET', url: `/api/bazi-paipan/charts/${id}?liu_yue_year=1800`, headers });
    expect(bad.statusCode).toBe(400);
  });

  it('renames a chart and casts it again with other options; only its owner can', async () => {
    const headers = await signedIn();
    // 23:30: the 子-hour rule decides the day pillar.
    const id = await save(headers, { ...me, hour: '23', minute: '30' });
    const patch = (payload: object, h = headers) =>
      ctx.inject({ method: 'PATCH', url: `/api/bazi-paipan/charts/${id}`, payload, headers: h });
    const before = (await ctx.inject({ method: 'GET', url: `/api/bazi-paipan/charts/${id}`, headers })).json().data;
    const renamed = await patch({ name: '我' });
    expect([renamed.statusCode, renamed.json().data.name]).toEqual([200, '我']);
    const recast = (await patch({ ziHourRule: 'day-changes-at-0', trueSolarTime: true })).json().data;
    expect(recast.input).toMatchObject({ ziHourRule: 'day-changes-at-0', trueSolarTime: true });
    expect(recast.result.options).toMatchObject({ ziHourRule: 'day-changes-at-0', trueSolarTime: true });
    expect(recast.result.pillars.day.gan_zhi).not.toBe(before.result.pillars.day.gan_zhi);
    expect(recast.name).toBe('我');
    expect((await patch({ name: null })).json().data.name).toBeNull();
    const empty = await patch({});
    expect([empty.statusCode, empty.json().message]).toEqual([400, '没有要修改的内容']);
    expect((await patch({ name: '他' }, await signedIn())).statusCode).toBe(404);
  });

  it('pairs two saved charts only with the partner’s consent, and answers the facts of both charts', async () => {
    const headers = await signedIn();
    const a = await save(headers, { ...me, name: '我' });
    const b = await save(headers, { ...her, name: '小雨' });
    const pair = (payload: object, h = headers) => ctx.inject({ method: 'POST', url: '/api/bazi-paipan/pairings', payload, headers: h });

    const noConsent = await pair({ chart_id: a, partner_chart_id: b });
    expect([noConsent.statusCode, noConsent.json().message]).toEqual([400, BAZI_PAIRING_MESSAGES.consent]);
    const same = await pair({ chart_id: a, partner_chart_id: a, partner_consent: true });
    expect([same.statusCode, same.json().message]).toEqual([400, BAZI_PAIRING_MESSAGES.sameChart]);
    expect((await pair({ chart_id: a, partner_chart_id: b, partner_consent: true }, await signedIn())).statusCode).toBe(404);

    const res = await pair({ chart_id: a, partner_chart_id: b, partner_consent: true });
    expect(res.statusCode, res.body).toBe(200);
    const pairing = res.json().data;
    expect(pairing.a).toMatchObject({ id: a, name: '我', gender: 'male', pillars: '戊子 庚申 庚辰 丙戌', day_master: '庚' });
    expect(pairing.b).toMatchObject({ id: b, name: '小雨', gender: 'female' });
    expect(pairing.facts).toEqual(JSON.parse(JSON.stringify(pairingFacts(computeChartFromSpec(me), computeChartFromSpec(her)))));
    const again = await ctx.inject({ method: 'GET', url: `/api/bazi-paipan/pairings/${pairing.id}`, headers });
    expect(again.json().data.facts).toEqual(pairing.facts);
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/bazi-paipan/pairings/${pairing.id}`, headers: await signedIn() })).statusCode,
    ).toBe(404);

    // Deleting a chart takes its pairings along.
    await ctx.inject({ method: 'DELETE', url: `/api/bazi-paipan/charts/${b}`, headers });
    expect((await ctx.inject({ method: 'GET', url: `/api/bazi-paipan/pairings/${pairing.id}`, headers })).statusCode).toBe(404);
  });

  it('keeps only the newest BAZI_MAX_PAIRINGS pairings per user', async () => {
    const headers = await signedIn();
    const a = await save(headers, me);
    const b = await save(headers, her);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ctx.advance(1000);
      ids.push(
        (
          await ctx.inject({
            method: 'POST',
            url: '/api/bazi-paipan/pairings',
            payload: { chart_id: a, partner_chart_id: b, partner_consent: true },
            headers,
          })
        ).json().data.id,
      );
    }
    const status = async (id: string) => (await ctx.inject({ method: 'GET', url: `/api/bazi-paipan/pairings/${id}`, headers })).statusCode;
    expect(await Promise.all(ids.map(status))).toEqual([404, 200, 200, 200]);
  });
});
