import { describe, expect, it } from 'vitest';
import { createServiceTypeRepository } from '../src/modules/service-types/repository';
import { ADMIN_PHONE, useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { buyDeep, entitlementsOf, getOrder, postOrder, serviceOrderRow } from './support/orders';
import { listenApp, orderRow, usePayFakes } from './support/pay-fakes';
import { bearer, registerUser } from './support/users';

describe.each(dbTargets)('paid deep services: offers, orders and settlement on %s', (target) => {
  const fakes = usePayFakes();
  const ctx = useTestApp(target, { env: fakes.env, build: { now: fakes.clock.now } });
  listenApp(ctx, fakes);
  const get = (url: string, token?: string) => ctx.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const providerCreates = () => (fakes.wechat.calls.create ?? 0) + (fakes.alipay.calls.create ?? 0);
  let adminAccount: Promise<Awaited<ReturnType<typeof registerUser>>> | null = null;
  const asAdmin = () => (adminAccount ??= registerUser(ctx, { phone: ADMIN_PHONE }));

  it('shows the offer on the service types out of the box: the fortune personas sell a deep service, the others only chat free', async () => {
    const list = (await get('/api/service-types')).json().data as { key: string; category: string; deep: unknown }[];
    const bazi = list.find((t) => t.key === 'bazi');
    expect(bazi?.deep).toEqual({
      price_fen: 990,
      replies: 20,
      title: '八字深度解读',
      includes: expect.arrayContaining([expect.stringContaining('完整命盘')]),
    });
    for (const t of list) expect(t.deep === null, t.key).toBe(t.category !== 'fortune');
    expect((await get('/api/service-types/legal')).json().data.deep).toBeNull();
    expect((await get('/api/service-types/ziwei')).json().data.deep).toMatchObject({ price_fen: 990, replies: 20 });
  });

  it('prices an order on the server: a price in the request changes nothing, and the order keeps what was bought and the consent', async () => {
    const { token } = await registerUser(ctx);
    const asked = fakes.clock.now().getTime();
    const order = await buyDeep(ctx, token, { price_fen: 1, amount: 0.01, amount_fen: 1, replies: 999 });
    expect(order).toMatchObject({ amount_fen: 990, amount: 9.9, trade_type: 'NATIVE', service_type: 'bazi' });
    expect(order.qr_image).toMatch(/^data:image\/png;base64,/);
    expect(fakes.wechat.orders.get(order.order_id)?.body).toMatchObject({
      amount: { total: 990, currency: 'CNY' },
      description: '灵犀深度服务-八字命理-八字深度解读',
      notify_url: `http://127.0.0.1:${fakes.appPort}/api/pay/notify/wechat`,
    });
    expect(await orderRow(ctx, order.order_id)).toMatchObject({ purpose: 'service', amountFen: 990, status: 'pending' });
    const bought = await serviceOrderRow(ctx, order.order_id);
    expect(bought).toMatchObject({ serviceType: 'bazi', replies: 20, title: '八字深度解读' });
    expect(bought?.noRefundConsentAt.getTime()).toBeGreaterThanOrEqual(asked);
    expect(bought?.noRefundConsentAt.getTime()).toBeLessThanOrEqual(fakes.clock.now().getTime());
    expect((await getOrder(ctx, token, order.order_id)).body.data.no_refund_consent_at).toBe(bought?.noRefundConsentAt.toISOString());
    const alipay = await buyDeep(ctx, token, { payment_method: 'alipay' });
    expect(fakes.alipay.trades.get(alipay.order_id)?.body).toMatchObject({ total_amount: '9.90' });
  });

  it('refuses an order without the no-refund consent, for a persona without an offer, or without a session — and calls no provider', async () => {
    const { token } = await registerUser(ctx);
    const before = providerCreates();
    for (const consent of [undefined, false, 'true', 1]) {
      const res = await postOrder(ctx, token, { no_refund_consent: consent });
      expect(res.statusCode, String(consent)).toBe(400);
      expect(res.json().message).toBe('请先阅读并勾选“付费服务即时生效，不支持退款”');
    }
    for (const service_type of ['legal', 'no-such-persona']) {
      const res = await postOrder(ctx, token, { service_type });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('该服务暂未提供深度服务');
    }
    const anon = await ctx.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { service_type: 'bazi', payment_method: 'wechat', no_refund_consent: true },
    });
    expect(anon.statusCode).toBe(401);
    expect(providerCreates()).toBe(before);
  });

  it('refuses a minor before any payment exists (minor mode, through the rails’ one purchase guard)', async () => {
    const year = new Date(fakes.clock.now().getTime() + 8 * 3_600_000).getUTCFullYear();
    const minor = await registerUser(ctx, { birth_year: year - 16 });
    const before = providerCreates();
    const res = await postOrder(ctx, minor.token, {});
    expect([res.statusCode, res.json().message]).toEqual([451, '未成年人模式下不能打赏或购买付费服务']);
    expect(providerCreates()).toBe(before);
    const adult = await registerUser(ctx, { birth_year: year - 30 });
    expect((await postOrder(ctx, adult.token, {})).statusCode).toBe(200);
  });

  it('settles through a signed notification and opens the deep session in the same transaction', async () => {
    const { token, user } = await registerUser(ctx);
    const order = await buyDeep(ctx, token);
    const pending = await getOrder(ctx, token, order.order_id);
    expect(pending.body.data).toMatchObject({ status: 'pending', session_id: null, remaining: null, amount_fen: 990 });

    expect(await fakes.wechat.pay(order.order_id)).toEqual({ attempts: [204], delivered: true });
    const paid = (await getOrder(ctx, token, order.order_id)).body.data;
    expect(paid).toMatchObject({ status: 'paid', service_type: 'bazi', amount_fen: 990, remaining: 20, replies_total: 20 });
    expect(paid.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const [grant] = await entitlementsOf(ctx, order.order_id);
    expect(grant).toMatchObject({ userId: user.id, sessionId: paid.session_id, repliesTotal: 20, repliesLeft: 20 });

    const detail = (await get(`/api/cache/session-detail?session_id=${paid.session_id}`, token)).json().data;
    expect(detail).toMatchObject({
      service_type: 'bazi',
      session_name: '八字深度解读',
      messages: [],
      deep: { order_id: order.order_id, title: '八字深度解读', replies_total: 20, replies_left: 20, summary: null, summaries_left: 3 },
    });
    const sessions = (await get('/api/cache/session-list?service_type=bazi', token)).json().data;
    expect(sessions).toEqual([expect.objectContaining({ session_id: paid.session_id, deep_left: 20 })]);
  });

  it('grants once however many times the notification comes (duplicated, replayed, concurrent), and a poll settles nothing twice', async () => {
    const { token } = await registerUser(ctx);
    const order = await buyDeep(ctx, token, { payment_method: 'alipay' });
    await fakes.alipay.pay(order.order_id, { notify: false });
    const results = await Promise.all([
      fakes.alipay.notify(order.order_id),
      fakes.alipay.notify(order.order_id),
      fakes.alipay.notify(order.order_id),
      getOrder(ctx, token, order.order_id),
    ]);
    for (const r of results.slice(0, 3)) expect(r).toMatchObject({ delivered: true });
    // A late replay after everything settled, and another poll.
    expect(await fakes.alipay.notify(order.order_id)).toMatchObject({ delivered: true });
    expect((await getOrder(ctx, token, order.order_id)).body.data).toMatchObject({ status: 'paid', remaining: 20 });
    expect(await entitlementsOf(ctx, order.order_id)).toHaveLength(1);
    const sessions = (await get('/api/cache/session-list?service_type=bazi', token)).json().data;
    expect(sessions.filter((s: { deep_left: number | null }) => s.deep_left !== null)).toHaveLength(1);
  });

  it('grants nothing for a forged, tampered or mismatched notification', async () => {
    const { token } = await registerUser(ctx);
    const order = await buyDeep(ctx, token);
    await fakes.wechat.pay(order.order_id, { notify: false });
    for (const fault of [
      'forged_signature',
      'signtest',
      'stale_timestamp',
      'tampered_ciphertext',
      'amount_mismatch',
      'wrong_mchid',
    ] as const) {
      const { headers, body } = await fakes.wechat.buildCallback(order.order_id, fault);
      const res = await fetch(`http://127.0.0.1:${fakes.appPort}/api/pay/notify/wechat`, { method: 'POST', headers, body });
      expect(res.status, fault).toBeGreaterThanOrEqual(400);
    }
    expect((await orderRow(ctx, order.order_id)).status).toBe('pending');
    expect(await entitlementsOf(ctx, order.order_id)).toHaveLength(0);
    // A correctly signed one then settles it.
    const { headers, body } = await fakes.wechat.buildCallback(order.order_id);
    expect((await fetch(`http://127.0.0.1:${fakes.appPort}/api/pay/notify/wechat`, { method: 'POST', headers, body })).status).toBe(204);
    expect(await entitlementsOf(ctx, order.order_id)).toHaveLength(1);
  });

  it('grants twice for two orders: two deep sessions, each with its own replies', async () => {
    const { token } = await registerUser(ctx);
    const a = await buyDeep(ctx, token);
    const b = await buyDeep(ctx, token);
    await fakes.wechat.pay(a.order_id);
    await fakes.wechat.pay(b.order_id);
    const [da, db] = await Promise.all([getOrder(ctx, token, a.order_id), getOrder(ctx, token, b.order_id)]);
    expect(da.body.data.session_id).not.toBe(db.body.data.session_id);
    expect([da.body.data.remaining, db.body.data.remaining]).toEqual([20, 20]);
    const mine = (await get('/api/orders', token)).json().data;
    expect(mine.total).toBe(2);
    expect(mine.records.map((r: { order_id: string }) => r.order_id).sort()).toEqual([a.order_id, b.order_id].sort());
  });

  it('shows an order, its session and the list only to its owner', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const order = await buyDeep(ctx, owner.token);
    await fakes.wechat.pay(order.order_id);
    const { session_id } = (await getOrder(ctx, owner.token, order.order_id)).body.data;
    const foreign = await getOrder(ctx, other.token, order.order_id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.message).toBe('订单不存在');
    expect((await get('/api/orders', other.token)).json().data).toEqual({ records: [], total: 0 });
    expect((await get(`/api/cache/session-detail?session_id=${session_id}`, other.token)).statusCode).toBe(404);
    // A tip's status endpoint does not answer for a service order either.
    expect((await get(`/api/reward/payment-status/${order.order_id}`, owner.token)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.order_id}`)).statusCode).toBe(401);
  });

  it('lists only paid orders in 我的订单 by default, all of them with status=all', async () => {
    const { token } = await registerUser(ctx);
    const paid = await buyDeep(ctx, token);
    await buyDeep(ctx, token);
    await fakes.wechat.pay(paid.order_id);
    const mine = (await get('/api/orders', token)).json().data;
    expect(mine).toMatchObject({ total: 1, records: [{ order_id: paid.order_id, status: 'paid', remaining: 20, amount: 9.9 }] });
    expect((await get('/api/orders?status=all', token)).json().data.total).toBe(2);
  });

  it('lets only an administrator edit an offer, writes who/when/old→new to the audit log, and the next order pays the new price', async () => {
    const admin = await asAdmin();
    const user = await registerUser(ctx);
    const earlier = await buyDeep(ctx, user.token, { service_type: 'liuyao' });
    const edit = {
      enabled: true,
      price_fen: 1990,
      replies: 30,
      title: '六爻深度解卦·加长版',
      includes: ['一事一占，逐爻解读', '30 次深度回复'],
    };
    const put = (token?: string, body: object = edit) =>
      ctx.inject({ method: 'PUT', url: '/api/admin/service-offers/liuyao', headers: token ? bearer(token) : {}, payload: body });

    const denied = await put(user.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('无权限：仅管理员可以访问');
    expect((await put()).statusCode).toBe(401);
    expect((await get('/api/admin/service-offers', user.token)).statusCode).toBe(403);
    expect((await get('/api/admin/audit-log', user.token)).statusCode).toBe(403);
    expect((await get('/api/service-types/liuyao')).json().data.deep.price_fen).toBe(990);

    for (const [bad, message] of [
      [{ ...edit, price_fen: 0 }, '价格需在 0.01–1000 元之间'],
      [{ ...edit, price_fen: 9.9 }, '价格需在 0.01–1000 元之间'],
      [{ ...edit, replies: 0 }, '深度回复次数需在 1–200 次之间'],
      [{ ...edit, includes: [] }, '服务内容需填写 1–8 条'],
      [{ ...edit, title: ' ' }, '请填写服务名称'],
    ] as const) {
      const res = await put(admin.token, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }

    const saved = await put(admin.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ service_type: 'liuyao', price_fen: 1990, replies: 30, enabled: true });
    const log = (await get('/api/admin/audit-log', admin.token)).json().data;
    expect(log.records[0]).toMatchObject({
      actor_phone: ADMIN_PHONE,
      action: 'service_offer.update',
      target: 'liuyao',
      before: { priceFen: 990, replies: 20, enabled: true },
      after: { priceFen: 1990, replies: 30, title: '六爻深度解卦·加长版' },
    });
    expect(Date.parse(log.records[0].created_at)).toBeGreaterThan(0);

    const later = await buyDeep(ctx, user.token, { service_type: 'liuyao' });
    expect(later.amount_fen).toBe(1990);
    await fakes.wechat.pay(earlier.order_id);
    await fakes.wechat.pay(later.order_id);
    // The earlier order keeps the price and replies it was bought with.
    expect((await getOrder(ctx, user.token, earlier.order_id)).body.data).toMatchObject({ amount_fen: 990, replies_total: 20 });
    expect((await getOrder(ctx, user.token, later.order_id)).body.data).toMatchObject({ amount_fen: 1990, replies_total: 30 });

    // Seeding again (a restart, a deploy) never overwrites the operator's change.
    await createServiceTypeRepository(ctx.database.db).seed();
    expect((await get('/api/service-types/liuyao')).json().data.deep).toMatchObject({ price_fen: 1990, replies: 30 });

    // Turned off: no longer sold, and the home grid shows free chat only.
    expect((await put(admin.token, { ...edit, enabled: false })).statusCode).toBe(200);
    expect((await get('/api/service-types/liuyao')).json().data.deep).toBeNull();
    expect((await postOrder(ctx, user.token, { service_type: 'liuyao' })).json().message).toBe('该服务暂未提供深度服务');
    const offers = (await get('/api/admin/service-offers', admin.token)).json().data;
    expect(offers.find((o: { service_type: string }) => o.service_type === 'liuyao')).toMatchObject({ enabled: false, price_fen: 1990 });
    expect(offers.find((o: { service_type: string }) => o.service_type === 'legal')).toMatchObject({ enabled: false, price_fen: 990 });
    expect((await get('/api/admin/audit-log', admin.token)).json().data.total).toBe(2);
  });

  it('gives the operator orders and revenue with filters by phone, service and date, totals by service and by day', async () => {
    const admin = await asAdmin();
    const buyer = await registerUser(ctx);
    const a = await buyDeep(ctx, buyer.token, { service_type: 'qimen' });
    const b = await buyDeep(ctx, buyer.token, { service_type: 'qimen', payment_method: 'alipay' });
    const c = await buyDeep(ctx, buyer.token, { service_type: 'ziwei' });
    await buyDeep(ctx, buyer.token, { service_type: 'ziwei' }); // never paid
    for (const o of [a, c]) await fakes.wechat.pay(o.order_id);
    await fakes.alipay.pay(b.order_id);

    const q = (query: string) => get(`/api/admin/orders?phone=${buyer.phone}${query}`, admin.token);
    const all = (await q('')).json().data;
    expect(all.total).toBe(3);
    expect(all.totals).toEqual({ count: 3, amount_fen: 2970, amount: 29.7 });
    expect(all.by_service).toEqual([
      { service_type: 'qimen', title: '奇门遁甲', count: 2, amount_fen: 1980, amount: 19.8 },
      { service_type: 'ziwei', title: '紫微斗数', count: 1, amount_fen: 990, amount: 9.9 },
    ]);
    const today = new Date(fakes.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(all.by_day).toEqual([{ day: today, count: 3, amount_fen: 2970, amount: 29.7 }]);
    expect(all.records[0]).toMatchObject({ user_phone: buyer.phone, remaining: 20, replies_total: 20 });

    expect((await q('&service_type=ziwei')).json().data).toMatchObject({ total: 1, totals: { amount_fen: 990 } });
    expect((await q(`&from=${today}&to=${today}`)).json().data.total).toBe(3);
    expect((await q('&from=2000-01-01&to=2000-01-02')).json().data).toMatchObject({ total: 0, by_day: [], by_service: [] });
    const backwards = await q('&from=2026-12-02&to=2026-12-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('开始日期不能晚于结束日期');
    expect((await q('&from=yesterday')).json().message).toBe('日期格式应为 YYYY-MM-DD');
    expect((await get('/api/admin/orders', buyer.token)).statusCode).toBe(403);
  });
});
