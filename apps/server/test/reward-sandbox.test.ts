import { describe, expect, it, vi } from 'vitest';
import { useTestApp, type TestContext } from './support/app';
import { dbTargets } from './support/databases';
import { listenApp, newOrder, orderRow, tipRows, usePayFakes } from './support/pay-fakes';
import { bearer, registerUser } from './support/users';

/** Clicks a button of the sandbox pay page the way a browser submits its form, and follows the redirect. */
async function click(payPageUrl: string, action: string) {
  const res = await fetch(`${payPageUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location')!, `${payPageUrl}/${action}`).toString();
  expect(back.startsWith(`${payPageUrl}?result=`)).toBe(true);
  return (await fetch(back)).text();
}

const waitForStatus = (ctx: TestContext, token: string, orderId: string, status: string) =>
  vi.waitFor(
    async () => {
      const res = await ctx.inject({ method: 'GET', url: `/api/reward/payment-status/${orderId}`, headers: bearer(token) });
      expect(res.json().data.status).toBe(status);
    },
    { timeout: 5_000, interval: 100 },
  );

describe.each(dbTargets)('sandbox mode (the default) on %s', (target) => {
  const ctx = useTestApp(target, { env: { PAY_QUERY_MIN_INTERVAL_MS: '0' } });

  it('serves both local gateways from this server: scan, 支付, signed callback, paid', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { token } = await registerUser(ctx);
    for (const method of ['wechat', 'alipay'] as const) {
      const order = await newOrder(ctx, token, 5, method);
      const base = `${ctx.app.listeningOrigin}/api/sandbox/${method === 'wechat' ? 'wxpay' : 'alipay'}/pay/${order.order_id}`;
      expect(order.qr_code).toBe(base);
      const page = await (await fetch(order.qr_code)).text();
      expect(page).toContain('沙箱环境');
      expect(page).toContain('¥5.00');
      for (const label of ['支付', '支付失败', '关闭']) expect(page).toContain(`>${label}</button>`);
      expect(await click(base, 'fail')).toContain('支付失败（沙箱模拟）');
      expect(await click(base, 'pay')).toContain('支付成功，已通知商户');
      await waitForStatus(ctx, token, order.order_id, 'paid');
      expect(await tipRows(ctx, order.order_id)).toHaveLength(1);
      expect(await click(base, 'pay')).toContain('当前不能支付');
    }
  });

  it('marks an order closed when the payer closes it on the sandbox page', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 1, 'wechat');
    await click(order.qr_code, 'close');
    await waitForStatus(ctx, token, order.order_id, 'closed');
    const tip = await ctx.inject({
      method: 'POST',
      url: '/api/reward/reward',
      headers: bearer(token),
      payload: { order_id: order.order_id },
    });
    expect(tip.statusCode).toBe(400);
  });

  it('counts each settled order once in the Prometheus payment outcomes', async () => {
    const metrics = (await ctx.inject({ method: 'GET', url: '/api/metrics' })).body;
    // Earlier tests in this block paid one order per method and closed one WeChat order.
    expect(metrics).toContain('lingxi_payment_outcomes_total{method="wechat",outcome="paid"} 1');
    expect(metrics).toContain('lingxi_payment_outcomes_total{method="alipay",outcome="paid"} 1');
    expect(metrics).toContain('lingxi_payment_outcomes_total{method="wechat",outcome="closed"} 1');
  });
});

describe.each(dbTargets)('the reconciliation sweep on %s', (target) => {
  const fakes = usePayFakes({ PAY_SWEEP_INTERVAL_MS: '100' });
  const ctx = useTestApp(target, { env: fakes.env, build: { now: fakes.clock.now } });
  listenApp(ctx, fakes);

  it('settles a payment whose callback was lost, without any poll, exactly once', async () => {
    const { token } = await registerUser(ctx);
    const wechat = await newOrder(ctx, token, 8.88, 'wechat');
    const alipay = await newOrder(ctx, token, 6.66, 'alipay');
    await fakes.wechat.pay(wechat.order_id, { notify: false });
    await fakes.alipay.pay(alipay.order_id, { notify: false });
    fakes.clock.advance(6_000);
    await vi.waitFor(async () => expect((await orderRow(ctx, wechat.order_id)).status).toBe('paid'), { timeout: 5_000, interval: 50 });
    await vi.waitFor(async () => expect((await orderRow(ctx, alipay.order_id)).status).toBe('paid'), { timeout: 5_000, interval: 50 });
    // The lost callbacks arrive late, together with a status poll: every other path that settles an order runs
    // against the order the sweep already settled, and none of them adds a second tip.
    await Promise.all([
      fakes.wechat.notify(wechat.order_id),
      fakes.alipay.notify(alipay.order_id),
      ctx.inject({ method: 'GET', url: `/api/reward/payment-status/${wechat.order_id}`, headers: bearer(token) }),
      ctx.inject({ method: 'GET', url: `/api/reward/payment-status/${alipay.order_id}`, headers: bearer(token) }),
    ]);
    expect(await tipRows(ctx, wechat.order_id)).toHaveLength(1);
    expect(await tipRows(ctx, alipay.order_id)).toHaveLength(1);
  });

  it('expires abandoned orders and closes them at the provider', async () => {
    const { token } = await registerUser(ctx);
    const order = await newOrder(ctx, token, 1, 'wechat');
    fakes.clock.advance(16 * 60_000);
    await vi.waitFor(async () => expect((await orderRow(ctx, order.order_id)).status).toBe('expired'), { timeout: 5_000, interval: 50 });
    expect(fakes.wechat.orders.get(order.order_id)?.state).toBe('CLOSED');
  });
});
