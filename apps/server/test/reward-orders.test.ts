import { describe, expect, it } from 'vitest';
import { ADMIN_PHONE, useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { createOrder, listenApp, newOrder, orderRow, orderStatus, tipRows, usePayFakes } from './support/pay-fakes';
import { bearer, registerUser } from './support/users';

describe.each(dbTargets)('reward orders on %s', (target) => {
  const fakes = usePayFakes();
  const ctx = useTestApp(target, { env: fakes.env, build: { now: fakes.clock.now } });
  listenApp(ctx, fakes);
  const get = (url: string, token?: string) => ctx.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('lists both payment methods with their Chinese names', async () => {
    const res = await get('/api/reward/payment-methods');
    expect(res.json()).toEqual({ success: true, message: '成功', data: { wechat: '微信支付', alipay: '支付宝' } });
  });

  it('refuses amounts 0, 0.001, 100.01 and non-numbers with the spec messages, and creates nothing', async () => {
    const { token } = await registerUser(ctx);
    const cases: [unknown, string][] = [
      [0, '请输入有效的打赏金额'],
      [-5, '请输入有效的打赏金额'],
      ['abc', '请输入有效的打赏金额'],
      [null, '请输入有效的打赏金额'],
      [undefined, '请输入有效的打赏金额'],
      [0.001, '金额最多保留两位小数'],
      ['1.234', '金额最多保留两位小数'],
      [100.01, '单笔打赏金额上限为100元'],
      [1000, '单笔打赏金额上限为100元'],
    ];
    for (const [amount, message] of cases) {
      const res = await createOrder(ctx, token, { amount, payment_method: 'wechat' });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
    expect(fakes.wechat.calls.create ?? 0).toBe(0);
  });

  it('accepts 0.01 and 100 and stores 19.99 as 1999 fen', async () => {
    const { token } = await registerUser(ctx);
    const min = await newOrder(ctx, token, 0.01, 'wechat');
    const max = await newOrder(ctx, token, 100, 'alipay');
    const odd = await newOrder(ctx, token, 19.99, 'wechat');
    expect((await orderRow(ctx, min.order_id)).amountFen).toBe(1);
    expect((await orderRow(ctx, max.order_id)).amountFen).toBe(10000);
    expect((await orderRow(ctx, odd.order_id)).amountFen).toBe(1999);
    expect(fakes.wechat.orders.get(odd.order_id)?.body.amount).toEqual({ total: 1999, currency: 'CNY' });
    expect(fakes.alipay.trades.get(max.order_id)?.body.total_amount).toBe('100.00');
    expect(odd.amount).toBe(19.99);
  });

  it('answers an order with the provider code, a PNG QR image of it, and trade type NATIVE', async () => {
    const { token } = await registerUser(ctx);
    const res = await createOrder(ctx, token, { amount: 5, payment_method: 'wechat' });
    const data = res.json().data;
    expect(res.json().message).toBe('支付订单已创建');
    expect(data).toMatchObject({ trade_type: 'NATIVE', status: 'pending', payment_method: 'wechat', amount: 5 });
    expect(data.order_id).toMatch(/^[0-9a-f]{24}$/);
    expect(data.qr_code).toMatch(new RegExp(`/pay/${data.order_id}$`));
    expect(data.qr_image).toMatch(/^data:image\/png;base64,/);
    const fake = fakes.wechat.orders.get(data.order_id)!.body;
    expect(fake.notify_url).toBe(`http://127.0.0.1:${fakes.appPort}/api/reward/notify/wechat`);
    // time_expire is the order's lifetime (15 minutes by default), in China time.
    expect(Date.parse(fake.time_expire) - Date.parse(data.expires_at)).toBe(0);
    expect(Date.parse(data.expires_at) - fakes.clock.now().getTime()).toBeGreaterThan(14 * 60_000);
    const alipay = await newOrder(ctx, token, 5, 'alipay');
    expect(fakes.alipay.trades.get(alipay.order_id)?.body).toMatchObject({
      timeout_express: '15m',
      total_amount: '5.00',
      notify_url: `http://127.0.0.1:${fakes.appPort}/api/reward/notify/alipay`,
    });
  });

  it('refuses unknown methods, unknown trade types, a trade type of the other provider and callers without a session', async () => {
    const { token } = await registerUser(ctx);
    const createsBefore = (fakes.wechat.calls.create ?? 0) + (fakes.alipay.calls.create ?? 0);
    expect((await createOrder(ctx, token, { amount: 5, payment_method: 'paypal' })).json().message).toBe('请选择支付方式');
    expect((await createOrder(ctx, token, { amount: 5, payment_method: 'wechat', trade_type: 'APP' })).json().message).toBe(
      '暂不支持该交易类型',
    );
    expect((await createOrder(ctx, token, { amount: 5, payment_method: 'wechat', trade_type: 'WAP' })).json().message).toBe(
      '该支付方式不支持此交易类型',
    );
    expect((await createOrder(ctx, token, { amount: 5, payment_method: 'alipay', trade_type: 'JSAPI' })).json().message).toBe(
      '该支付方式不支持此交易类型',
    );
    // JSAPI pays as the payer's official-account openid; without one nothing reaches WeChat Pay.
    const jsapi = await createOrder(ctx, token, { amount: 5, payment_method: 'wechat', trade_type: 'JSAPI' });
    expect(jsapi.statusCode).toBe(409);
    expect(jsapi.json()).toMatchObject({ success: false, message: '请先授权微信公众号，以便在微信内完成支付' });
    const open = await createOrder(ctx, token, { amount: 5, payment_method: 'wechat', return_path: '//evil.example/x' });
    expect(open.json().message).toBe('支付完成后的返回地址不正确');
    expect((fakes.wechat.calls.create ?? 0) + (fakes.alipay.calls.create ?? 0)).toBe(createsBefore);
    const anon = await ctx.inject({ method: 'POST', url: '/api/reward/wechat-pay', payload: { amount: 5, payment_method: 'wechat' } });
    expect(anon.statusCode).toBe(401);
  });

  it('limits one account to 10 new orders a minute, without holding back another account', async () => {
    const busy = await registerUser(ctx);
    const other = await registerUser(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await createOrder(ctx, busy.token, { amount: 1, payment_method: 'wechat' })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes[10]).toBe(429);
    expect((await createOrder(ctx, other.token, { amount: 1, payment_method: 'wechat' })).statusCode).toBe(200);
  });

  it('shows an order only to its owner: another user gets 404', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const order = await newOrder(ctx, owner.token, 1, 'wechat');
    expect((await orderStatus(ctx, owner.token, order.order_id)).body.data).toMatchObject({
      order_id: order.order_id,
      status: 'pending',
      amount: 1,
    });
    const foreign = await orderStatus(ctx, other.token, order.order_id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.message).toBe('订单不存在');
    expect(
      (await ctx.inject({ method: 'POST', url: '/api/reward/reward', headers: bearer(other.token), payload: { order_id: order.order_id } }))
        .statusCode,
    ).toBe(404);
    expect((await orderStatus(ctx, owner.token, 'no-such-order')).statusCode).toBe(404);
  });

  it('records the tip of a paid order exactly once: 409 before payment, the same tip on every later call', async () => {
    const { token, phone } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 19.99, 'wechat');
    const early = await ctx.inject({
      method: 'POST',
      url: '/api/reward/reward',
      headers: bearer(token),
      payload: { order_id: order.order_id },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/尚未支付/);

    const delivery = await fakes.wechat.pay(order.order_id);
    expect(delivery).toEqual({ attempts: [204], delivered: true });
    expect((await orderStatus(ctx, token, order.order_id)).body.data).toMatchObject({ status: 'paid', amount: 19.99 });

    const first = await ctx.inject({
      method: 'POST',
      url: '/api/reward/reward',
      headers: bearer(token),
      payload: { order_id: order.order_id },
    });
    const again = await ctx.inject({
      method: 'POST',
      url: '/api/reward/reward',
      headers: bearer(token),
      payload: { order_id: order.order_id },
    });
    expect(first.json()).toMatchObject({
      success: true,
      message: '打赏成功，感谢您的支持',
      data: { order_id: order.order_id, user_phone: phone, amount: 19.99, payment_method: 'wechat' },
    });
    expect(again.json().data).toEqual(first.json().data);
    expect(await tipRows(ctx, order.order_id)).toHaveLength(1);
  });

  it("lists the caller's own tips with count, total and paging for My tips", async () => {
    const { token } = await registerUser(ctx);
    for (const [amount, method] of [
      [1, 'wechat'],
      [5.5, 'alipay'],
      [20, 'wechat'],
    ] as const) {
      const o = await newOrder(ctx, token, amount, method);
      if (method === 'wechat') await fakes.wechat.pay(o.order_id);
      else await fakes.alipay.pay(o.order_id);
    }
    await newOrder(ctx, token, 50, 'wechat'); // never paid: no tip
    const page1 = (await get('/api/reward/my-tips?page=1&page_size=2', token)).json().data;
    expect(page1).toMatchObject({ total: 3, count: 3, total_amount: 26.5 });
    expect(page1.records.map((r: { amount: number }) => r.amount)).toEqual([20, 5.5]);
    expect((await get('/api/reward/my-tips?page=2&page_size=2', token)).json().data.records).toHaveLength(1);
    expect((await get('/api/reward/my-tips')).statusCode).toBe(401);
  });

  it('gives the tip list to admins only (403 otherwise) with phone, amount filters and paging', async () => {
    const admin = await registerUser(ctx, { phone: ADMIN_PHONE });
    const user = await registerUser(ctx);
    const denied = await get('/api/reward/list', user.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('无权限：仅管理员可以访问');
    expect((await get('/api/reward/list')).statusCode).toBe(401);

    for (const amount of [0.5, 3, 99.99]) await fakes.alipay.pay((await newOrder(ctx, user.token, amount, 'alipay')).order_id);
    const mine = (await get(`/api/reward/list?userPhone=${user.phone}&page=1&page_size=10`, admin.token)).json().data;
    expect(mine.total).toBe(3);
    expect(mine.records[0]).toMatchObject({ user_phone: user.phone, amount: 99.99 });
    expect(Object.keys(mine.records[0]).sort()).toEqual(['amount', 'created_at', 'id', 'order_id', 'payment_method', 'user_phone']);
    const partial = (await get(`/api/reward/list?userPhone=${user.phone.slice(3, 9)}`, admin.token)).json().data;
    expect(partial.total).toBe(3);
    const ranged = (await get(`/api/reward/list?userPhone=${user.phone}&min=0.5&max=3`, admin.token)).json().data;
    expect(ranged.records.map((r: { amount: number }) => r.amount).sort()).toEqual([0.5, 3]);
    const paged = (await get(`/api/reward/list?userPhone=${user.phone}&page=2&page_size=2`, admin.token)).json().data;
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.records).toHaveLength(1);
    expect((await get('/api/reward/list?min=-1', admin.token)).json().message).toBe('金额筛选条件不正确');
    const backwards = await get('/api/reward/list?min=50&max=5', admin.token);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('最小金额不能大于最大金额');
    expect((await get('/api/reward/list?userPhone=%25', admin.token)).statusCode).toBe(400);
  });
});
