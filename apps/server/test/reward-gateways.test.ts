import { describe, expect, it } from 'vitest';
import { createAlipayClient } from '../src/modules/payment/providers/alipay/client';
import { ProviderError, type QrOrderRequest } from '../src/modules/payment/providers/types';
import { createWechatPayClient } from '../src/modules/payment/providers/wechatpay/client';
import { testConfig } from './support/app';
import { usePayFakes } from './support/pay-fakes';

/** The sandbox gateways hold our clients to the providers' field and idempotency rules, over real HTTP. */
describe('sandbox gateways enforce the provider rules on our real clients', () => {
  const fakes = usePayFakes();
  const clients = () => {
    const cfg = testConfig(fakes.env).payment;
    return {
      wechat: createWechatPayClient(cfg.wechat!, { now: fakes.clock.now, timeoutMs: 2_000 }),
      alipay: createAlipayClient(cfg.alipay!, { timeoutMs: 2_000, ttlMinutes: 15 }),
    };
  };
  let n = 0;
  const order = (over: Partial<QrOrderRequest> = {}): QrOrderRequest => ({
    orderId: `gw${Date.now().toString(16)}${(n += 1)}`,
    amountFen: 1999,
    description: '灵犀打赏',
    expiresAt: new Date(fakes.clock.now().getTime() + 15 * 60_000),
    notifyUrl: 'http://127.0.0.1:1/api/reward/notify/wechat',
    ...over,
  });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof ProviderError ? `${e.kind}:${e.code}` : String(e)),
    );

  it('accepts an identical re-send of an order and refuses one with changed parameters (WeChat Pay)', async () => {
    const { wechat } = clients();
    const o = order();
    const first = await wechat.createQrOrder(o);
    expect(await wechat.createQrOrder(o)).toEqual(first);
    expect(await refusal(wechat.createQrOrder({ ...o, amountFen: 2000 }))).toBe('rejected:INVALID_REQUEST');
  });

  it('refuses amounts below 1 fen, a bad out_trade_no and a notify_url with a query (WeChat Pay)', async () => {
    const { wechat } = clients();
    expect(await refusal(wechat.createQrOrder(order({ amountFen: 0 })))).toBe('rejected:PARAM_ERROR');
    expect(await refusal(wechat.createQrOrder(order({ amountFen: 1.5 })))).toBe('rejected:PARAM_ERROR');
    expect(await refusal(wechat.createQrOrder(order({ orderId: 'bad id!' })))).toBe('rejected:PARAM_ERROR');
    expect(await refusal(wechat.createQrOrder(order({ notifyUrl: 'https://x.example/notify?a=1' })))).toBe('rejected:PARAM_ERROR');
    expect(await refusal(wechat.createQrOrder(order({ expiresAt: new Date(fakes.clock.now().getTime() - 1000) })))).toBe(
      'rejected:PARAM_ERROR',
    );
  });

  it('reports ORDER_NOT_EXIST as not found and closes an unpaid order, but not a paid one (WeChat Pay)', async () => {
    const { wechat } = clients();
    expect((await wechat.query('neverheardof1')).state).toBe('not_found');
    const unpaid = order();
    await wechat.createQrOrder(unpaid);
    expect(await wechat.close(unpaid.orderId)).toBe('closed');
    expect((await wechat.query(unpaid.orderId)).state).toBe('closed');
    const paid = order();
    await wechat.createQrOrder(paid);
    await fakes.wechat.pay(paid.orderId, { notify: false });
    expect(await wechat.close(paid.orderId)).toBe('not_closable');
    expect(await wechat.query(paid.orderId)).toMatchObject({ state: 'paid', amountFen: 1999 });
  });

  it('accepts an identical precreate again and refuses changed parameters (Alipay)', async () => {
    const { alipay } = clients();
    const o = order();
    const first = await alipay.createQrOrder(o);
    expect(await alipay.createQrOrder(o)).toEqual(first);
    expect(fakes.alipay.trades.get(o.orderId)?.body.total_amount).toBe('19.99');
    expect(await refusal(alipay.createQrOrder({ ...o, amountFen: 1 }))).toBe('rejected:ACQ.CONTEXT_INCONSISTENT');
    expect(await refusal(alipay.createQrOrder(order({ orderId: 'short' })))).toBe('rejected:INVALID_PARAMETER');
  });

  it('refuses a request signed with a key the gateway does not know (Alipay)', async () => {
    const cfg = testConfig({ ...fakes.env, ALIPAY_PRIVATE_KEY: fakes.env.WECHATPAY_PRIVATE_KEY! }).payment;
    const stranger = createAlipayClient(cfg.alipay!, { timeoutMs: 2_000, ttlMinutes: 15 });
    expect(await refusal(stranger.createQrOrder(order()))).toBe('rejected:invalid-signature');
  });
});
