import { describe, expect, it } from 'vitest';
import type { AlipayNotifyFault } from '../src/modules/payment/providers/alipay/fake/alipay-fake';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { createOrder, listenApp, newOrder, orderRow, orderStatus, tipRows, usePayFakes } from './support/pay-fakes';
import { registerUser } from './support/users';

describe.each(dbTargets)('Alipay precreate against its gateway on %s', (target) => {
  const fakes = usePayFakes();
  const ctx = useTestApp(target, { env: fakes.env, build: { now: fakes.clock.now } });
  listenApp(ctx, fakes);
  const notify = (params: Record<string, string>) =>
    fetch(`http://127.0.0.1:${fakes.appPort}/api/reward/notify/alipay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    });

  it("pays through the SDK's signed precreate and a notification carrying %, + and Chinese, answered 'success'", async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 19.99, 'alipay');
    expect(order.qr_code).toMatch(new RegExp(`/pay/${order.order_id}$`));
    await fakes.alipay.pay(order.order_id, { notify: false });
    const params = await fakes.alipay.buildNotification(order.order_id, 'special_chars');
    expect(params.passback_params).toContain('%+');
    const res = await notify(params);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('success');
    expect(await orderRow(ctx, order.order_id)).toMatchObject({
      status: 'paid',
      amountFen: 1999,
      providerTradeNo: fakes.alipay.trades.get(order.order_id)!.tradeNo,
    });
  });

  it.each<[AlipayNotifyFault, number]>([
    ['forged_signature', 401],
    ['amount_mismatch', 400],
    ['wrong_seller', 400],
    ['wrong_app', 400],
  ])("refuses a notification with %s (no 'success', so Alipay re-sends) and credits nothing", async (fault, status) => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 5, 'alipay');
    await fakes.alipay.pay(order.order_id, { notify: false });
    const res = await notify(await fakes.alipay.buildNotification(order.order_id, fault));
    expect(res.status).toBe(status);
    expect(await res.text()).not.toBe('success');
    expect(await tipRows(ctx, order.order_id)).toHaveLength(0);
    expect(await fakes.alipay.notify(order.order_id, fault)).toMatchObject({
      delivered: false,
      attempts: [status, status, status, status],
    });
  });

  it('refuses a validly signed notification for an unknown order, and a tampered one', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 5, 'alipay');
    await fakes.alipay.pay(order.order_id, { notify: false });
    const params = await fakes.alipay.buildNotification(order.order_id);
    expect((await notify({ ...params, total_amount: '0.01' })).status).toBe(401);
    fakes.alipay.trades.set('eeeeeeeeeeeeeeeeeeeeeeee', fakes.alipay.trades.get(order.order_id)!);
    expect((await notify(await fakes.alipay.buildNotification('eeeeeeeeeeeeeeeeeeeeeeee'))).status).toBe(404);
  });

  it('credits duplicated notifications once', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 50, 'alipay');
    expect(await fakes.alipay.pay(order.order_id)).toEqual({ attempts: [200], delivered: true });
    const again = await Promise.all([1, 2, 3].map(async () => (await notify(await fakes.alipay.buildNotification(order.order_id))).text()));
    expect(again).toEqual(['success', 'success', 'success']);
    expect(await tipRows(ctx, order.order_id)).toHaveLength(1);
  });

  it('treats TRADE_NOT_EXIST before the scan as unpaid, and settles a lost notification by query', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 3.3, 'alipay');
    fakes.clock.advance(6_000);
    expect((await orderStatus(ctx, token, order.order_id)).body.data.status).toBe('pending');
    await fakes.alipay.pay(order.order_id, { notify: false });
    fakes.clock.advance(6_000);
    expect((await orderStatus(ctx, token, order.order_id)).body.data).toMatchObject({ status: 'paid', amount: 3.3 });
    expect(await tipRows(ctx, order.order_id)).toHaveLength(1);
  });

  it('closes at Alipay and expires an order nobody paid, scanned or not', async () => {
    const { token } = await registerUser(ctx);
    const unscanned = await newOrder(ctx, token, 1, 'alipay');
    const scanned = await newOrder(ctx, token, 2, 'alipay');
    await fakes.alipay.scan(scanned.order_id);
    fakes.clock.advance(16 * 60_000 + 1_000);
    for (const o of [unscanned, scanned]) expect((await orderStatus(ctx, token, o.order_id)).body.data.status).toBe('expired');
    expect(fakes.alipay.trades.get(scanned.order_id)?.status).toBe('TRADE_CLOSED');
  });

  it('re-sends a precreate identically after a gateway 500, and answers 502 when it stays down or times out', async () => {
    const { token } = await registerUser(ctx);
    fakes.alipay.faults.add('create', 'system_error');
    await newOrder(ctx, token, 2, 'alipay');
    fakes.alipay.faults.add('create', 'timeout', 2);
    const res = await createOrder(ctx, token, { amount: 2, payment_method: 'alipay' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('支付请求失败，请稍后重试');
  });

  it('keeps the order pending when the query answer is unsigned or the gateway fails', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 4, 'alipay');
    await fakes.alipay.pay(order.order_id, { notify: false });
    for (const fault of ['bad_signature', 'system_error'] as const) {
      fakes.alipay.faults.add('query', fault);
      fakes.clock.advance(6_000);
      expect((await orderStatus(ctx, token, order.order_id)).body.data.status).toBe('pending');
    }
    fakes.clock.advance(6_000);
    expect((await orderStatus(ctx, token, order.order_id)).body.data.status).toBe('paid');
  });
});
