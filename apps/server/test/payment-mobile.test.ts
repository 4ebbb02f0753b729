import { createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { notifySignContent } from '../src/modules/payment/providers/alipay/crypto';
import { verifyJsapiSign } from '../src/modules/payment/providers/wechatpay/crypto';
import type { PayerIdentity } from '../src/modules/payment';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { buyDeep, getOrder } from './support/orders';
import { listenApp, orderRow, tipRows, usePayFakes } from './support/pay-fakes';
import { bearer, registerUser } from './support/users';
import { until } from './support/until';
import { authorizeInWechat, FakeBrowser, WECHAT_UA } from './support/wechat-browser';

/** Users who went through the official-account authorisation (their openid is known); everyone else is not. */
const authorised = new Map<string, string>();
const payer: PayerIdentity = { openid: async (userId) => authorised.get(userId) ?? null, authorization: true };

/** Submits a cashier's button as the phone's browser would: a form post, redirects not followed. */
async function press(pageUrl: string, action: string, fields: Record<string, string> = {}) {
  return fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/**
 * Paying on the phone itself (issue 14): WeChat Pay H5 in a mobile browser, JSAPI inside WeChat, Alipay's mobile
 * cashier (alipay.trade.wap.pay), for tips and paid services alike, against gateways that check what the real ones
 * check (signatures, amounts, return addresses, the payer's IP, the h5_url lifetime).
 */
describe.each(dbTargets)('phone payments against the gateways on %s', (target) => {
  const fakes = usePayFakes();
  const ctx = useTestApp(target, { env: fakes.env, build: { now: fakes.clock.now, paymentPayer: payer } });
  listenApp(ctx, fakes);
  const tip = (token: string, payload: object, remoteAddress?: string) =>
    ctx.inject({ method: 'POST', url: '/api/reward/wechat-pay', headers: bearer(token), payload, remoteAddress });

  it('H5: answers h5_url with our redirect_url; the cashier checks the payer’s IP and the return domain, pays and sends the payer back', async () => {
    const { token } = await registerUser(ctx);
    const res = await tip(token, { amount: 5, payment_method: 'wechat', trade_type: 'h5', return_path: '/chat/bazi?tab=1' });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().data;
    const back = `${fakes.origin}/chat/bazi?tab=1&pay_order=${order.order_id}`;
    expect(order).toMatchObject({ trade_type: 'H5', qr_image: null, jsapi: null, amount_fen: 500 });
    expect(order.pay_url).toBe(`${order.qr_code}&redirect_url=${encodeURIComponent(back)}`);
    expect(fakes.wechat.orders.get(order.order_id)?.body).toMatchObject({
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
      amount: { total: 500 },
    });

    const page = await fetch(order.pay_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('¥5.00');
    expect(html).toContain('手机网页支付（H5）');

    const elsewhere = order.pay_url.replace(encodeURIComponent(fakes.origin), encodeURIComponent('https://evil.example'));
    expect(await (await fetch(elsewhere)).text()).toContain('商家存在未配置的参数');

    const prepayId = new URL(order.pay_url).searchParams.get('prepay_id') ?? '';
    const paid = await press(order.pay_url, 'checkmweb/pay', { prepay_id: prepayId, redirect_url: back });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(back);
    await until(
      () => tipRows(ctx, order.order_id),
      (rows) => rows.length === 1,
    );
    expect(await tipRows(ctx, order.order_id)).toHaveLength(1);
    expect((await orderRow(ctx, order.order_id)).status).toBe('paid');
  });

  it('H5: refuses the cashier from another network than the order’s, and an h5_url older than five minutes', async () => {
    const { token } = await registerUser(ctx);
    const far = (await tip(token, { amount: 1, payment_method: 'wechat', trade_type: 'H5', return_path: '/' }, '10.9.8.7')).json().data;
    expect(fakes.wechat.orders.get(far.order_id)?.body.scene_info?.payer_client_ip).toBe('10.9.8.7');
    const refused = await fetch(far.pay_url);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('网络环境未能通过安全验证');

    const late = (await tip(token, { amount: 1, payment_method: 'wechat', trade_type: 'H5', return_path: '/' })).json().data;
    fakes.clock.advance(6 * 60_000);
    expect(await (await fetch(late.pay_url)).text()).toContain('支付链接已失效');
    fakes.clock.advance(-6 * 60_000);
  });

  it('JSAPI: needs the payer’s official-account openid first, then answers WeixinJSBridge parameters signed with the merchant key', async () => {
    const { token, user } = await registerUser(ctx);
    const first = await tip(token, { amount: 2, payment_method: 'wechat', trade_type: 'JSAPI', return_path: '/rewardhistory' });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ message: '请先授权微信公众号，以便在微信内完成支付', data: { authorize: true } });

    authorised.set(user.id, `oUser${user.id.replace(/-/g, '').slice(0, 23)}`);
    const order = (await tip(token, { amount: 2, payment_method: 'wechat', trade_type: 'JSAPI', return_path: '/rewardhistory' })).json()
      .data;
    expect(order.trade_type).toBe('JSAPI');
    const p = order.jsapi;
    expect(p).toMatchObject({ appId: fakes.env.WECHATPAY_APPID, signType: 'RSA', bridge_url: null });
    expect(p.package).toBe(`prepay_id=${order.qr_code}`);
    expect(verifyJsapiSign(p, fakes.keys.merchant)).toBe(true);
    expect(verifyJsapiSign({ ...p, package: 'prepay_id=wx000' }, fakes.keys.merchant)).toBe(false);
    expect(fakes.wechat.orders.get(order.order_id)?.body.payer?.openid).toBe(authorised.get(user.id));

    // What WeixinJSBridge does inside WeChat, as the gateway's page: it checks the paySign, then pays.
    const bridge = new URL(`${fakes.env.WECHATPAY_BASE_URL}/jsapi/pay`);
    const back = `${fakes.origin}/rewardhistory?pay_order=${order.order_id}`;
    for (const [k, v] of Object.entries({ ...p, redirect_url: back })) if (typeof v === 'string') bridge.searchParams.set(k, v);
    const forged = new URL(bridge);
    forged.searchParams.set(
      'paySign',
      p.paySign.replace(/^./, (c: string) => (c === 'A' ? 'B' : 'A')),
    );
    expect(await (await fetch(forged)).text()).toContain('支付验证签名失败');
    expect(await (await fetch(bridge)).text()).toContain('微信内支付（JSAPI）');
    const paid = await press(bridge.toString(), 'pay/pay', { prepay_id: order.qr_code, redirect_url: back });
    expect(paid.headers.get('location')).toBe(back);
    await until(
      () => orderRow(ctx, order.order_id),
      (o) => o.status === 'paid',
    );
    expect((await orderRow(ctx, order.order_id)).status).toBe('paid');
  });

  it('WAP: a URL to Alipay’s gateway signed by the SDK; the cashier checks the signature, pays, and returns a signed result', async () => {
    const { token } = await registerUser(ctx);
    const order = await buyDeep(ctx, token, { payment_method: 'alipay', trade_type: 'WAP', return_path: '/chat/bazi' });
    expect(order).toMatchObject({ trade_type: 'WAP', amount_fen: 990, qr_image: null });
    const url = new URL(order.pay_url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${fakes.env.ALIPAY_ENDPOINT}/gateway.do`);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    const back = `${fakes.origin}/chat/bazi?pay_order=${order.order_id}`;
    expect(url.searchParams.get('return_url')).toBe(back);
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '{}')).toMatchObject({
      out_trade_no: order.order_id,
      total_amount: '9.90',
      product_code: 'QUICK_WAP_WAY',
      quit_url: back,
    });

    const tampered = new URL(url);
    tampered.searchParams.set('biz_content', (url.searchParams.get('biz_content') ?? '').replace('"9.90"', '"0.01"'));
    expect(await (await fetch(tampered)).text()).toContain('验签出错');
    expect(fakes.alipay.trades.has(order.order_id)).toBe(false);

    const open = await fetch(url, { redirect: 'manual' });
    expect(open.status).toBe(302);
    const cashier = new URL(open.headers.get('location') ?? '', url).toString();
    const html = await (await fetch(cashier)).text();
    expect(html).toContain('¥9.90');
    expect(html).toContain('手机网站支付');
    // The trade exists once the cashier is open: still waiting for the payer.
    expect((await getOrder(ctx, token, order.order_id)).body.data.status).toBe('pending');

    const quit = await press(cashier, `${order.order_id}/close`);
    expect(quit.headers.get('location')).toBe(back);
    const paid = await press(cashier, `${order.order_id}/pay`);
    expect(paid.status).toBe(303);
    const ret = new URL(paid.headers.get('location') ?? '');
    expect(`${ret.origin}${ret.pathname}`).toBe(`${fakes.origin}/chat/bazi`);
    const params = Object.fromEntries(ret.searchParams);
    expect(params).toMatchObject({
      pay_order: order.order_id,
      out_trade_no: order.order_id,
      total_amount: '9.90',
      method: 'alipay.trade.wap.pay.return',
    });
    const { pay_order: _ours, ...signed } = params;
    const ok = createVerify('RSA-SHA256')
      .update(notifySignContent(signed), 'utf8')
      .verify(fakes.keys.alipayGateway, signed.sign ?? '', 'base64');
    expect(ok).toBe(true);

    const settled = await until(
      () => getOrder(ctx, token, order.order_id),
      (o) => o.body.data.status === 'paid',
    );
    expect(settled.body.data).toMatchObject({ status: 'paid', remaining: 20 });
  });
});

describe.each(dbTargets)('phone payments in sandbox mode (npm start) on %s', (target) => {
  const ctx = useTestApp(target, { env: { PAY_QUERY_MIN_INTERVAL_MS: '0' } });
  let base = '';
  it('clicks through H5, JSAPI (after the silent official-account authorisation, the sandbox bridge page) and WAP', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = ctx.app.listeningOrigin;
    const { token } = await registerUser(ctx);
    // Inside WeChat: no openid yet, so the order asks for the official account's silent authorisation first.
    const before = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ service_type: 'bazi', no_refund_consent: true, payment_method: 'wechat', trade_type: 'JSAPI' }),
    });
    expect(before.status).toBe(409);
    expect(await before.json()).toMatchObject({ data: { authorize: true } });
    const wechatBrowser = new FakeBrowser(() => base, WECHAT_UA);
    const auth = await authorizeInWechat(wechatBrowser, {
      intent: 'base',
      bearer: token,
      returnTo: '/chat/bazi?pay=deep',
      persona: 'ajie',
    });
    expect(auth.back.location).toMatch(/^\/chat\/bazi\?pay=deep&wechat_oa=/);
    const create = async (payload: object) => {
      const res = await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ service_type: 'bazi', no_refund_consent: true, return_path: '/chat/bazi', ...payload }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { data: { order_id: string; pay_url: string | null; jsapi: { bridge_url: string | null } | null } })
        .data;
    };
    const back = (id: string) => `${base}/chat/bazi?pay_order=${id}`;
    const waitPaid = (id: string) =>
      until(
        () => getOrder(ctx, token, id),
        (o) => o.body.data.status === 'paid',
      );

    const h5 = await create({ payment_method: 'wechat', trade_type: 'H5' });
    expect(h5.pay_url?.startsWith(`${base}/api/sandbox/wxpay/h5/checkmweb?prepay_id=`)).toBe(true);
    expect((await fetch(h5.pay_url ?? '')).status).toBe(200);
    const prepay = new URL(h5.pay_url ?? '').searchParams.get('prepay_id') ?? '';
    expect(
      (await press(h5.pay_url ?? '', 'checkmweb/pay', { prepay_id: prepay, redirect_url: back(h5.order_id) })).headers.get('location'),
    ).toBe(back(h5.order_id));
    expect((await waitPaid(h5.order_id)).body.data.remaining).toBe(20);

    const jsapi = await create({ payment_method: 'wechat', trade_type: 'JSAPI' });
    const bridge = jsapi.jsapi?.bridge_url ?? '';
    expect(bridge.startsWith(`${base}/api/sandbox/wxpay/jsapi/pay?`)).toBe(true);
    expect(await (await fetch(bridge)).text()).toContain('微信内支付（JSAPI）');
    const bridgeUrl = new URL(bridge);
    const prepayId = (bridgeUrl.searchParams.get('package') ?? '').replace('prepay_id=', '');
    await press(bridge, 'pay/pay', { prepay_id: prepayId, redirect_url: bridgeUrl.searchParams.get('redirect_url') ?? '' });
    expect((await waitPaid(jsapi.order_id)).body.data.status).toBe('paid');

    const wap = await create({ payment_method: 'alipay', trade_type: 'WAP' });
    expect(wap.pay_url?.startsWith(`${base}/api/sandbox/alipay/gateway.do?`)).toBe(true);
    const open = await fetch(wap.pay_url ?? '', { redirect: 'manual' });
    const cashier = new URL(open.headers.get('location') ?? '', wap.pay_url ?? '').toString();
    const paid = await press(cashier, `${wap.order_id}/pay`);
    expect(paid.headers.get('location')?.startsWith(back(wap.order_id))).toBe(true);
    expect((await waitPaid(wap.order_id)).body.data.status).toBe('paid');
  });
});
