import { describe, expect, it } from 'vitest';
import type { NotifyFault } from '../src/modules/payment/providers/wechatpay/fake/wechatpay-fake';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { createOrder, listenApp, newOrder, orderRow, orderStatus, tipRows, usePayFakes } from './support/pay-fakes';
import { registerUser } from './support/users';

describe.each(dbTargets)('WeChat Pay against its gateway on %s', (target) => {
  const fakes = usePayFakes();
  const ctx = useTestApp(target, { env: fakes.env, build: { now: fakes.clock.now } });
  listenApp(ctx, fakes);
  const notifyUrl = () => `http://127.0.0.1:${fakes.appPort}/api/reward/notify/wechat`;
  const post = (headers: Record<string, string>, body: string) => fetch(notifyUrl(), { method: 'POST', headers, body });

  it.each<[NotifyFault, number]>([
    ['forged_signature', 401],
    ['signtest', 401],
    ['wrong_serial', 401],
    ['stale_timestamp', 401],
    ['tampered_ciphertext', 400],
    ['amount_mismatch', 400],
    ['wrong_mchid', 400],
  ])('refuses a callback with %s (HTTP %i, code FAIL, retried by WeChat) and credits nothing', async (fault, status) => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 5, 'wechat');
    await fakes.wechat.pay(order.order_id, { notify: false });
    const { headers, body } = await fakes.wechat.buildCallback(order.order_id, fault);
    const res = await post(headers, body);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code: 'FAIL' });
    expect((await orderRow(ctx, order.order_id)).status).toBe('pending');
    expect(await tipRows(ctx, order.order_id)).toHaveLength(0);
    // The fake's own delivery retries a spoiled callback on its schedule and gives up unaccepted.
    expect(await fakes.wechat.notify(order.order_id, fault)).toEqual({ attempts: [status, status, status, status], delivered: false });
  });

  it('verifies the raw bytes: the same callback re-serialised with other whitespace is refused', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 5, 'wechat');
    await fakes.wechat.pay(order.order_id, { notify: false });
    const { headers, body } = await fakes.wechat.buildCallback(order.order_id);
    const reserialised = JSON.stringify(JSON.parse(body), null, 1);
    expect((await post(headers, reserialised)).status).toBe(401);
    expect((await post(headers, body)).status).toBe(204);
  });

  it('refuses a correctly signed callback for an order we never created', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 5, 'wechat');
    await fakes.wechat.pay(order.order_id, { notify: false });
    // An order the gateway knows but our database does not: same keys, unknown out_trade_no.
    const ghost = 'ffffffffffffffffffffffff';
    fakes.wechat.orders.set(ghost, {
      ...fakes.wechat.orders.get(order.order_id)!,
      body: { ...fakes.wechat.orders.get(order.order_id)!.body, out_trade_no: ghost },
    });
    const { headers, body } = await fakes.wechat.buildCallback(ghost);
    const res = await post(headers, body);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'FAIL' });
  });

  it('credits duplicated and concurrent callbacks exactly once', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 9.99, 'wechat');
    await fakes.wechat.pay(order.order_id, { notify: false });
    const callbacks = await Promise.all(Array.from({ length: 6 }, () => fakes.wechat.buildCallback(order.order_id)));
    const answers = await Promise.all(callbacks.map((c) => post(c.headers, c.body)));
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204, 204, 204]);
    expect(await fakes.wechat.notify(order.order_id)).toEqual({ attempts: [204], delivered: true });
    expect(await tipRows(ctx, order.order_id)).toHaveLength(1);
    const row = await orderRow(ctx, order.order_id);
    expect(row).toMatchObject({ status: 'paid', amountFen: 999 });
    expect(row.providerTradeNo).toBe(fakes.wechat.orders.get(order.order_id)!.transactionId);
  });

  it('repairs a lost callback through the status poll: the fake says paid, the poll settles it once', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 12.34, 'wechat');
    await fakes.wechat.pay(order.order_id, { notify: false });
    // Within the query interval the poll does not reach the provider.
    const before = fakes.wechat.calls.query ?? 0;
    expect((await orderStatus(ctx, token, order.order_id)).body.data.status).toBe('pending');
    expect(fakes.wechat.calls.query ?? 0).toBe(before);
    fakes.clock.advance(6_000);
    const polls = await Promise.all([1, 2, 3].map(() => orderStatus(ctx, token, order.order_id)));
    expect(fakes.wechat.calls.query).toBe(before + 1);
    expect((await orderStatus(ctx, token, order.order_id)).body.data).toMatchObject({ status: 'paid', amount: 12.34 });
    expect(polls.some((p) => p.body.data.status === 'paid')).toBe(true);
    expect(await tipRows(ctx, order.order_id)).toHaveLength(1);
    // The late callback then changes nothing.
    expect(await fakes.wechat.notify(order.order_id)).toEqual({ attempts: [204], delivered: true });
    expect(await tipRows(ctx, order.order_id)).toHaveLength(1);
  });

  it('re-sends a create identically after a 500 or a timeout, and the gateway accepts the identical re-send', async () => {
    const { token } = await registerUser(ctx);
    fakes.wechat.faults.add('create', 'system_error');
    const afterError = await newOrder(ctx, token, 2, 'wechat');
    expect(fakes.wechat.orders.get(afterError.order_id)?.state).toBe('NOTPAY');

    fakes.wechat.faults.add('create', 'timeout');
    const created = fakes.wechat.calls.create ?? 0;
    const afterTimeout = await newOrder(ctx, token, 3, 'wechat');
    // The first attempt landed but its answer came too late; the identical second one got the same code_url.
    expect(fakes.wechat.calls.create).toBe(created + 2);
    expect(afterTimeout.qr_code).toMatch(new RegExp(`/pay/${afterTimeout.order_id}$`));
  });

  it('answers 502 when the gateway keeps failing, leaving the order pending (unknown is not failed)', async () => {
    const { token } = await registerUser(ctx);
    fakes.wechat.faults.add('create', 'system_error', 2);
    const res = await createOrder(ctx, token, { amount: 4, payment_method: 'wechat' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ success: false, message: '支付请求失败，请稍后重试' });
  });

  it('keeps an order pending when the status query fails, times out or is answered with a bad signature', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 6, 'wechat');
    await fakes.wechat.pay(order.order_id, { notify: false });
    for (const fault of ['system_error', 'timeout', 'bad_signature'] as const) {
      fakes.wechat.faults.add('query', fault);
      fakes.clock.advance(6_000);
      expect((await orderStatus(ctx, token, order.order_id)).body.data.status).toBe('pending');
    }
    fakes.clock.advance(6_000);
    expect((await orderStatus(ctx, token, order.order_id)).body.data.status).toBe('paid');
    expect(await tipRows(ctx, order.order_id)).toHaveLength(1);
  });

  it('closes an unpaid order at the gateway a minute after its lifetime and marks it expired; it can no longer be paid', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 7, 'wechat');
    // Within a minute's grace after time_expire the order is left alone (provider clocks may lag ours).
    fakes.clock.advance(15 * 60_000 + 1_000);
    expect((await orderStatus(ctx, token, order.order_id)).body.data.status).toBe('pending');
    fakes.clock.advance(60_000);
    expect((await orderStatus(ctx, token, order.order_id)).body.data.status).toBe('expired');
    expect(fakes.wechat.orders.get(order.order_id)?.state).toBe('CLOSED');
    await expect(fakes.wechat.pay(order.order_id)).rejects.toThrow(/cannot be paid/);
    const tip = await ctx.inject({
      method: 'POST',
      url: '/api/reward/reward',
      headers: { authorization: `Bearer ${token}` },
      payload: { order_id: order.order_id },
    });
    expect(tip.statusCode).toBe(400);
  });

  it('settles as paid when the gateway refuses to close because the payer paid at the last moment', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 8, 'wechat');
    await fakes.wechat.pay(order.order_id, { notify: false });
    fakes.clock.advance(16 * 60_000 + 1_000);
    // The query sees SUCCESS before any close is tried.
    expect((await orderStatus(ctx, token, order.order_id)).body.data.status).toBe('paid');
    expect(fakes.wechat.orders.get(order.order_id)?.state).toBe('SUCCESS');
  });

  it('gets 401 SIGN_ERROR from the gateway for a request not signed by the merchant key', async () => {
    const res = await fetch(`${fakes.env.WECHATPAY_BASE_URL}/v3/pay/transactions/out-trade-no/abcdef?mchid=1900000009`, {
      headers: {
        authorization: 'WECHATPAY2-SHA256-RSA2048 mchid="1900000009",nonce_str="N",timestamp="1",serial_no="AB12CD34EF56",signature="AAAA"',
      },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'SIGN_ERROR' });
  });
});
