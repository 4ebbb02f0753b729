import { randomBytes, type KeyObject } from 'node:crypto';
import { fenToYuanText } from '@lingxi/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createDeliverer,
  errorPage,
  FaultQueue,
  formFields,
  gatewayScope,
  lazy,
  payPage,
  signedUrl,
  type ApiFault,
  type Delivery,
} from '../../fake-kit';
import {
  chinaTime,
  encryptResource,
  parseAuthorization,
  signResponse,
  SIGNATURE_WINDOW_SECONDS,
  unixSeconds,
  verifyJsapiSign,
  verifyRequestSignature,
} from '../crypto';
import { validateOrder, type WechatOrderBody, type WechatTradeType } from './rules';

export interface WechatPayFakeOptions {
  mchid: string;
  appid: string;
  /** The merchant API certificate's serial and public key: every request must be signed by its private key. */
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  apiV3Key: string;
  /** The "WeChat Pay public key" that signs answers and callbacks, under its PUB_KEY_ID_… id. */
  publicKeyId: string;
  signingKey: KeyObject;
  /** Optional platform certificate: when set (and not asked for PUB_KEY_ID_), answers are signed with it instead. */
  platformCert?: { serial: string; privateKey: KeyObject };
  /** Where a scanned code_url points: this gateway's public URL (its pay page lives at `${pageBaseUrl}/pay/:id`). */
  pageBaseUrl: () => string;
  /**
   * The origins registered for H5 payment (商户平台 H5 支付域名): a redirect_url elsewhere is refused on the cashier
   * page, as WeChat refuses it. Unset: any origin.
   */
  h5Origins?: () => string[];
  now: () => Date;
  retryDelaysMs?: number[];
  log?: FastifyBaseLogger;
}

type TradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'PAYERROR';
interface FakeOrder {
  body: WechatOrderBody;
  bodyText: string;
  tradeType: WechatTradeType;
  createdAt: Date;
  /** H5 and JSAPI: the id their cashier (h5_url, the JSAPI bridge) pays by. */
  prepayId?: string;
  state: TradeState;
  transactionId?: string;
  successTime?: string;
}

/** WeChat's h5_url is valid for five minutes after the order is placed. */
const H5_URL_TTL_MS = 5 * 60_000;

/** Ways to spoil a callback, for the merchant's tests; each must be refused (or, for duplicate, absorbed). */
export type NotifyFault =
  'forged_signature' | 'signtest' | 'tampered_ciphertext' | 'stale_timestamp' | 'wrong_serial' | 'amount_mismatch' | 'wrong_mchid';

const err = (reply: FastifyReply, status: number, code: string, message: string) => reply.code(status).send({ code, message });

/**
 * A local WeChat Pay APIv3 gateway that speaks the real protocol with its own keys: Native order, query, close, and
 * signed AES-GCM callbacks. Mounted by our server under /api/sandbox/wxpay in sandbox mode; tests run it on its own port.
 */
export function createWechatPayFake(options: WechatPayFakeOptions | (() => Promise<WechatPayFakeOptions>)) {
  const opts = lazy(async () => (typeof options === 'function' ? options() : options));
  const orders = new Map<string, FakeOrder>();
  const faults = new FaultQueue();
  /** Authenticated API calls per operation (create, query, close), for tests that count provider traffic. */
  const calls: Record<string, number> = {};
  let delivererOf: ReturnType<typeof createDeliverer> | null = null;
  const deliverer = async () => {
    const o = await opts();
    delivererOf ??= createDeliverer({
      retryDelaysMs: o.retryDelaysMs ?? [2_000, 5_000, 15_000],
      log: o.log,
      accepted: (s) => s >= 200 && s < 300,
    });
    return delivererOf;
  };

  function transaction(no: string, order: FakeOrder, amountTotal = order.body.amount.total) {
    return {
      appid: order.body.appid,
      mchid: order.body.mchid,
      out_trade_no: no,
      transaction_id: order.transactionId,
      trade_type: order.tradeType === 'H5' ? 'MWEB' : order.tradeType,
      trade_state: order.state,
      trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', PAYERROR: '支付失败' }[order.state],
      bank_type: order.state === 'SUCCESS' ? 'OTHERS' : undefined,
      attach: '',
      success_time: order.successTime,
      payer: order.state === 'SUCCESS' ? { openid: order.body.payer?.openid ?? 'oSandboxPayer0000000000000000' } : undefined,
      amount: {
        total: amountTotal,
        payer_total: order.state === 'SUCCESS' ? amountTotal : undefined,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
  }

  /** Signs with the public key when asked for it (Wechatpay-Serial: PUB_KEY_ID_…) or when there is no platform cert. */
  function signer(o: WechatPayFakeOptions, askedSerial: string | undefined) {
    if (o.platformCert && !askedSerial?.startsWith('PUB_KEY_ID_')) return { serial: o.platformCert.serial, key: o.platformCert.privateKey };
    return { serial: o.publicKeyId, key: o.signingKey };
  }

  async function answer(req: FastifyRequest, reply: FastifyReply, status: number, payload: object | null, fault: ApiFault | null) {
    const o = await opts();
    const body = payload ? JSON.stringify(payload) : '';
    const s = signer(o, req.headers['wechatpay-serial'] as string | undefined);
    const headers = signResponse(body, s.serial, s.key, o.now());
    if (fault === 'bad_signature')
      headers['wechatpay-signature'] = signResponse(`${body} `, s.serial, s.key, o.now())['wechatpay-signature'];
    reply.code(status).headers({ ...headers, 'request-id': randomBytes(8).toString('hex') });
    return payload ? reply.type('application/json').send(body) : reply.send();
  }

  /** Checks the merchant's Authorization over the exact method, URL and body bytes; the refusal text, or null. */
  async function authError(app: FastifyInstance, req: FastifyRequest): Promise<string | null> {
    const o = await opts();
    const a = parseAuthorization(req.headers.authorization);
    if (!a) return 'Authorization 格式不正确';
    if (a.mchid !== o.mchid) return '商户号与签名不符';
    if (a.serial_no.toUpperCase() !== o.merchantSerial.toUpperCase()) return '商户证书序列号不正确';
    if (Math.abs(unixSeconds(o.now()) - Number(a.timestamp)) > SIGNATURE_WINDOW_SECONDS) return '签名时间戳已过期';
    const body = typeof req.body === 'string' ? req.body : '';
    return verifyRequestSignature(a, req.method, signedUrl(app, req.url), body, o.merchantPublicKey) ? null : '签名错误';
  }

  /** Signature first (401 SIGN_ERROR), then any injected failure: a 500, or an answer held back past the caller's timeout. */
  async function gate(app: FastifyInstance, op: string, req: FastifyRequest, reply: FastifyReply): Promise<ApiFault | null | 'answered'> {
    const refused = await authError(app, req);
    if (refused) {
      err(reply, 401, 'SIGN_ERROR', refused);
      return 'answered';
    }
    calls[op] = (calls[op] ?? 0) + 1;
    const fault = faults.take(op);
    if (fault === 'system_error') {
      err(reply, 500, 'SYSTEM_ERROR', '系统错误');
      return 'answered';
    }
    if (fault === 'timeout') await new Promise((r) => setTimeout(r, control.timeoutDelayMs));
    return fault;
  }

  async function buildCallback(no: string, fault?: NotifyFault) {
    const o = await opts();
    const order = orders.get(no)!;
    const tx = transaction(no, order, fault === 'amount_mismatch' ? order.body.amount.total + 1 : undefined);
    if (fault === 'wrong_mchid') tx.mchid = '1999999999';
    const resource = encryptResource(JSON.stringify(tx), o.apiV3Key);
    if (fault === 'tampered_ciphertext') {
      const bytes = Buffer.from(resource.ciphertext, 'base64');
      bytes[0] = bytes[0]! ^ 0xff;
      resource.ciphertext = bytes.toString('base64');
    }
    const body = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: chinaTime(o.now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource,
    });
    const when = fault === 'stale_timestamp' ? new Date(o.now().getTime() - (SIGNATURE_WINDOW_SECONDS + 60) * 1000) : o.now();
    const s = signer(o, undefined);
    const headers: Record<string, string> = { ...signResponse(body, s.serial, s.key, when), 'content-type': 'application/json' };
    if (fault === 'forged_signature') headers['wechatpay-signature'] = Buffer.from(randomBytes(256)).toString('base64');
    if (fault === 'signtest') headers['wechatpay-signature'] = `WECHATPAY/SIGNTEST/${headers['wechatpay-signature']}`;
    if (fault === 'wrong_serial') headers['wechatpay-serial'] = 'PUB_KEY_ID_0000000000000000000000000000';
    return { headers, body };
  }

  const control = {
    orders,
    faults,
    calls,
    /** How long a 'timeout' fault holds its answer. */
    timeoutDelayMs: 8_000,
    /** The payer pays: SUCCESS, then the signed callback (unless dropped, as if lost on the way). */
    async pay(no: string, o: { notify?: boolean } = {}): Promise<Delivery | null> {
      const order = orders.get(no);
      if (!order || (order.state !== 'NOTPAY' && order.state !== 'PAYERROR'))
        throw new Error(`order ${no} cannot be paid (${order?.state ?? 'unknown'})`);
      const now = (await opts()).now();
      if (now.getTime() > new Date(order.body.time_expire).getTime()) throw new Error(`order ${no} has expired`);
      order.state = 'SUCCESS';
      order.transactionId = `4200${now.getTime()}${randomBytes(4).toString('hex')}`.slice(0, 28);
      order.successTime = chinaTime(now);
      return o.notify === false ? null : control.notify(no);
    },
    fail(no: string) {
      const order = orders.get(no);
      if (order?.state === 'NOTPAY') order.state = 'PAYERROR';
    },
    /** Closing from the payer's side (撤销): the order can no longer be paid. */
    close(no: string) {
      const order = orders.get(no);
      if (order && order.state !== 'SUCCESS') order.state = 'CLOSED';
    },
    /** Sends the callback of a paid order (again, for a duplicate), optionally spoiled, with the retry schedule. */
    async notify(no: string, fault?: NotifyFault): Promise<Delivery> {
      const { headers, body } = await buildCallback(no, fault);
      return (await deliverer()).deliver(orders.get(no)!.body.notify_url, { headers, body });
    },
    buildCallback,
    shutdown() {
      delivererOf?.close();
    },
  };

  async function plugin(app: FastifyInstance) {
    gatewayScope(app);

    const PATHS: Record<WechatTradeType, string> = { NATIVE: 'native', H5: 'h5', JSAPI: 'jsapi' };
    for (const tradeType of Object.keys(PATHS) as WechatTradeType[]) {
      app.post(`/v3/pay/transactions/${PATHS[tradeType]}`, async (req, reply) => {
        const fault = await gate(app, 'create', req, reply);
        if (fault === 'answered') return reply;
        const o = await opts();
        const checked = validateOrder(req.body as string, o, o.now(), tradeType);
        if (!checked.ok) return err(reply, 400, 'PARAM_ERROR', checked.message);
        const no = checked.body.out_trade_no;
        let order = orders.get(no);
        if (order) {
          if (order.state === 'SUCCESS') return err(reply, 400, 'ORDERPAID', '该订单已支付');
          if (order.state === 'CLOSED') return err(reply, 400, 'ORDER_CLOSED', '订单已关闭');
          // Re-sending the same out_trade_no is allowed only with identical parameters (and the same trade type).
          if (order.bodyText !== JSON.stringify(checked.body) || order.tradeType !== tradeType)
            return err(reply, 400, 'INVALID_REQUEST', '201 商户订单号重复');
        } else {
          order = { body: checked.body, bodyText: JSON.stringify(checked.body), tradeType, createdAt: o.now(), state: 'NOTPAY' };
          if (tradeType !== 'NATIVE') order.prepayId = `wx${randomBytes(16).toString('hex')}`.slice(0, 34);
          orders.set(no, order);
        }
        if (tradeType === 'NATIVE') return answer(req, reply, 200, { code_url: `${o.pageBaseUrl()}/pay/${no}` }, fault);
        if (tradeType === 'H5') {
          const pkg = randomBytes(5).readUInt32BE(0);
          return answer(req, reply, 200, { h5_url: `${o.pageBaseUrl()}/h5/checkmweb?prepay_id=${order.prepayId}&package=${pkg}` }, fault);
        }
        return answer(req, reply, 200, { prepay_id: order.prepayId }, fault);
      });
    }

    app.get<{ Params: { no: string }; Querystring: { mchid?: string } }>('/v3/pay/transactions/out-trade-no/:no', async (req, reply) => {
      const fault = await gate(app, 'query', req, reply);
      if (fault === 'answered') return reply;
      const o = await opts();
      if (req.query.mchid !== o.mchid) return err(reply, 400, 'PARAM_ERROR', 'mchid 与签名商户号不符');
      const order = orders.get(req.params.no);
      if (!order) return answer(req, reply, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' }, fault);
      return answer(req, reply, 200, transaction(req.params.no, order), fault);
    });

    app.post<{ Params: { no: string } }>('/v3/pay/transactions/out-trade-no/:no/close', async (req, reply) => {
      const fault = await gate(app, 'close', req, reply);
      if (fault === 'answered') return reply;
      const order = orders.get(req.params.no);
      if (!order) return answer(req, reply, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' }, fault);
      if (order.state === 'SUCCESS') return answer(req, reply, 400, { code: 'ORDERPAID', message: '订单已支付' }, fault);
      order.state = 'CLOSED';
      return answer(req, reply, 204, null, fault);
    });

    const RESULT: Record<string, string> = {
      paid: '支付成功，已通知商户',
      failed: '支付失败（沙箱模拟），可以重试',
      closed: '订单已关闭',
      refused: '该订单当前不能支付',
    };
    const STATE: Record<TradeState, string> = { NOTPAY: '待支付', PAYERROR: '支付失败', SUCCESS: '已支付', CLOSED: '已关闭' };

    app.get<{ Params: { no: string }; Querystring: { result?: string } }>('/pay/:no', async (req, reply) => {
      const order = orders.get(req.params.no);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!order)
        return reply.code(404).send(
          payPage({
            brand: '微信支付',
            color: '#07c160',
            amountYuan: '-',
            description: '',
            orderId: req.params.no,
            state: '订单不存在',
            actions: false,
          }),
        );
      const expired = (await opts()).now().getTime() > new Date(order.body.time_expire).getTime();
      return reply.send(
        payPage({
          brand: '微信支付',
          color: '#07c160',
          amountYuan: fenToYuanText(order.body.amount.total),
          description: order.body.description,
          orderId: req.params.no,
          state: expired && order.state !== 'SUCCESS' ? '已过期' : STATE[order.state],
          message: RESULT[req.query.result ?? ''],
          actions: !expired && (order.state === 'NOTPAY' || order.state === 'PAYERROR'),
        }),
      );
    });

    app.post<{ Params: { no: string; action: string } }>('/pay/:no/:action', async (req, reply) => {
      const { no, action } = req.params;
      let result = 'refused';
      try {
        if (action === 'pay') {
          await control.pay(no, { notify: false });
          // The payer sees success at once; the callback (and its retries) goes out in the background.
          void control.notify(no);
          result = 'paid';
        } else if (action === 'fail' && orders.get(no)?.state === 'NOTPAY') {
          control.fail(no);
          result = 'failed';
        } else if (action === 'close' && orders.has(no)) {
          control.close(no);
          result = 'closed';
        }
      } catch {
        result = 'refused';
      }
      return reply
        .code(303)
        .header('location', `../${encodeURIComponent(no)}?result=${result}`)
        .send();
    });

    const byPrepay = (prepayId: string | undefined) => [...orders.entries()].find(([, o]) => prepayId && o.prepayId === prepayId);
    const h5Error = (reply: FastifyReply, status: number, detail: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(errorPage('微信支付', '无法完成支付', detail));

    /** Everything a phone cashier refuses before it offers to pay: unknown, expired, a foreign return address. */
    async function cashierRefusal(no: string, order: FakeOrder, redirectUrl: string, via: 'H5' | 'JSAPI'): Promise<string | null> {
      const o = await opts();
      const now = o.now().getTime();
      if (now > new Date(order.body.time_expire).getTime()) return '订单已过期，请重新发起支付';
      if (via === 'H5' && now > order.createdAt.getTime() + H5_URL_TTL_MS) return '支付链接已失效，请返回商家重新发起支付';
      if (redirectUrl) {
        let origin: string;
        try {
          origin = new URL(redirectUrl).origin;
        } catch {
          return '商家参数格式有误，请联系商家解决';
        }
        const allowed = o.h5Origins?.();
        if (allowed && !allowed.includes(origin)) return '商家存在未配置的参数，请联系商家解决';
      }
      return no ? null : '订单不存在';
    }

    const cashierView = async (no: string, order: FakeOrder, channel: string, hidden: Record<string, string>, base: string) => {
      const o = await opts();
      const expired = o.now().getTime() > new Date(order.body.time_expire).getTime();
      return payPage({
        brand: '微信支付',
        color: '#07c160',
        channel,
        amountYuan: fenToYuanText(order.body.amount.total),
        description: order.body.description,
        orderId: no,
        state: expired && order.state !== 'SUCCESS' ? '已过期' : STATE[order.state],
        actions: !expired && (order.state === 'NOTPAY' || order.state === 'PAYERROR'),
        formAction: (action) => `${base}/${action}`,
        hidden,
        closeLabel: '取消支付',
        backUrl: order.state === 'SUCCESS' && hidden.redirect_url ? hidden.redirect_url : undefined,
      });
    };

    /** What a cashier's button does; the payer then goes back to the merchant's redirect_url (paid or not), as in WeChat. */
    async function cashierAction(no: string, action: string): Promise<void> {
      if (action === 'pay') {
        await control.pay(no, { notify: false });
        void control.notify(no);
      } else if (action === 'fail') control.fail(no);
      else if (action === 'close') control.close(no);
    }

    // H5: the h5_url WeChat answered, with the merchant's &redirect_url=…; opened in the phone's own browser.
    app.get<{ Querystring: { prepay_id?: string; redirect_url?: string } }>('/h5/checkmweb', async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const hit = byPrepay(req.query.prepay_id);
      if (!hit || hit[1].tradeType !== 'H5') return h5Error(reply, 404, '订单不存在或链接不正确');
      const [no, order] = hit;
      const redirectUrl = req.query.redirect_url ?? '';
      const refused = await cashierRefusal(no, order, redirectUrl, 'H5');
      if (refused) return h5Error(reply, 400, refused);
      // WeChat compares the IP the cashier is opened from with scene_info.payer_client_ip.
      if (order.body.scene_info?.payer_client_ip !== req.ip) return h5Error(reply, 403, '网络环境未能通过安全验证，请稍后再试');
      const hidden = { prepay_id: order.prepayId ?? '', redirect_url: redirectUrl };
      return reply.type('text/html; charset=utf-8').send(await cashierView(no, order, '手机网页支付（H5）', hidden, 'checkmweb'));
    });

    app.post<{ Params: { action: string } }>('/h5/checkmweb/:action', async (req, reply) => {
      const form = formFields(req.body);
      const hit = byPrepay(form.prepay_id);
      if (!hit || hit[1].tradeType !== 'H5') return h5Error(reply, 404, '订单不存在或链接不正确');
      const [no, order] = hit;
      const refused = await cashierRefusal(no, order, form.redirect_url ?? '', 'H5');
      if (refused) return h5Error(reply, 400, refused);
      if (order.body.scene_info?.payer_client_ip !== req.ip) return h5Error(reply, 403, '网络环境未能通过安全验证，请稍后再试');
      try {
        await cashierAction(no, req.params.action);
      } catch {
        return h5Error(reply, 400, '该订单当前不能支付');
      }
      const back = form.redirect_url || `../checkmweb?prepay_id=${encodeURIComponent(form.prepay_id ?? '')}`;
      return reply.code(303).header('location', back).send();
    });

    /**
     * JSAPI: what WeixinJSBridge.invoke('getBrandWCPayRequest', …) does inside WeChat, as a page: it checks the
     * merchant's paySign over appId, timeStamp, nonceStr and package, then shows WeChat's pay sheet.
     */
    app.get<{ Querystring: Record<string, string | undefined> }>('/jsapi/pay', async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const o = await opts();
      const q = req.query;
      const params = {
        appId: q.appId ?? '',
        timeStamp: q.timeStamp ?? '',
        nonceStr: q.nonceStr ?? '',
        package: q.package ?? '',
        paySign: q.paySign ?? '',
      };
      if (params.appId !== o.appid) return h5Error(reply, 400, '调用支付JSAPI缺少参数：appId 不正确');
      if (q.signType !== 'RSA') return h5Error(reply, 400, '调用支付JSAPI缺少参数：signType 应为 RSA');
      if (!verifyJsapiSign(params, o.merchantPublicKey)) return h5Error(reply, 400, '支付验证签名失败');
      const hit = byPrepay(/^prepay_id=(.+)$/.exec(params.package)?.[1]);
      if (!hit || hit[1].tradeType !== 'JSAPI') return h5Error(reply, 404, '订单不存在');
      const [no, order] = hit;
      const refused = await cashierRefusal(no, order, q.redirect_url ?? '', 'JSAPI');
      if (refused) return h5Error(reply, 400, refused);
      const hidden = { prepay_id: order.prepayId ?? '', redirect_url: q.redirect_url ?? '' };
      return reply.type('text/html; charset=utf-8').send(await cashierView(no, order, '微信内支付（JSAPI）', hidden, 'pay'));
    });

    app.post<{ Params: { action: string } }>('/jsapi/pay/:action', async (req, reply) => {
      const form = formFields(req.body);
      const hit = byPrepay(form.prepay_id);
      if (!hit || hit[1].tradeType !== 'JSAPI') return h5Error(reply, 404, '订单不存在');
      const [no, order] = hit;
      const refused = await cashierRefusal(no, order, form.redirect_url ?? '', 'JSAPI');
      if (refused) return h5Error(reply, 400, refused);
      try {
        await cashierAction(no, req.params.action);
      } catch {
        return h5Error(reply, 400, '该订单当前不能支付');
      }
      if (form.redirect_url) return reply.code(303).header('location', form.redirect_url).send();
      return reply.type('text/html; charset=utf-8').send(await cashierView(no, order, '微信内支付（JSAPI）', {}, 'pay'));
    });
  }

  return { plugin, control };
}
export type WechatPayFake = ReturnType<typeof createWechatPayFake>;
