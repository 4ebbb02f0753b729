import { randomBytes, randomUUID, type KeyObject } from 'node:crypto';
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
import { parseAlipayAuthorization, signAlipayResponse, signNotification, verifyAlipayRequest, verifyGatewayRequest } from '../crypto';
import { validatePrecreate, validateWapPay, type PrecreateBody } from './rules';

export interface AlipayFakeOptions {
  appId: string;
  sellerId: string;
  /** The app's public key: the SDK signs every request with the matching private key. */
  appPublicKey: KeyObject;
  /** Alipay's own key pair: answers and notifications are signed with it; merchants verify with its public half. */
  alipayPrivateKey: KeyObject;
  /** This gateway's public URL; a precreate's qr_code points at `${pageBaseUrl}/pay/:id`. */
  pageBaseUrl: () => string;
  now: () => Date;
  retryDelaysMs?: number[];
  log?: FastifyBaseLogger;
}

type TradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
interface FakeTrade {
  /** precreate (当面付, a code to scan) or wap (alipay.trade.wap.pay, the phone cashier). */
  kind?: 'precreate' | 'wap';
  /** wap: where the cashier sends the payer after paying, and where 返回商家 goes. */
  returnUrl?: string;
  quitUrl?: string;
  body: PrecreateBody;
  bodyText: string;
  createdAt: Date;
  /** Precreate makes no trade until the code is scanned: until then query and close say ACQ.TRADE_NOT_EXIST. */
  scanned: boolean;
  status: TradeStatus;
  tradeNo?: string;
  gmtCreate?: string;
  gmtPayment?: string;
}

export type AlipayNotifyFault = 'forged_signature' | 'amount_mismatch' | 'wrong_seller' | 'wrong_app' | 'special_chars';

/** Alipay writes China time without a zone. */
const chinaText = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const TTL_UNIT: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A local Alipay OpenAPI v3 gateway for 当面付: precreate, query, close and signed form notifications, verifying the
 * official SDK's request signatures. Mounted under /api/sandbox/alipay in sandbox mode; tests run it on its own port.
 */
export function createAlipayFake(options: AlipayFakeOptions | (() => Promise<AlipayFakeOptions>)) {
  const opts = lazy(async () => (typeof options === 'function' ? options() : options));
  const trades = new Map<string, FakeTrade>();
  const faults = new FaultQueue();
  /** Authenticated API calls per operation (create, query, close), for tests that count provider traffic. */
  const calls: Record<string, number> = {};
  let delivererOf: ReturnType<typeof createDeliverer> | null = null;
  const deliverer = async () => {
    const o = await opts();
    delivererOf ??= createDeliverer({
      retryDelaysMs: o.retryDelaysMs ?? [2_000, 5_000, 15_000],
      log: o.log,
      accepted: (_s, body) => body === 'success',
    });
    return delivererOf;
  };

  const expiresAt = (t: FakeTrade) => {
    const m = /^(\d+)([mhd])$/.exec(t.body.timeout_express ?? '');
    return t.createdAt.getTime() + (m ? Number(m[1]) * TTL_UNIT[m[2]!]! : 2 * 3_600_000);
  };

  async function answer(reply: FastifyReply, status: number, payload: object, fault: ApiFault | null) {
    const o = await opts();
    const body = JSON.stringify(payload);
    const headers = signAlipayResponse(fault === 'bad_signature' ? `${body} ` : body, o.alipayPrivateKey, o.now());
    return reply
      .code(status)
      .headers({ ...headers, 'alipay-trace-id': randomBytes(8).toString('hex') })
      .type('application/json')
      .send(body);
  }

  async function authError(app: FastifyInstance, req: FastifyRequest): Promise<string | null> {
    const o = await opts();
    const a = parseAlipayAuthorization(req.headers.authorization);
    if (!a) return 'Authorization 格式不正确';
    if (a.app_id !== o.appId) return 'app_id 不正确';
    // The official SDK always stamps with the real clock, so this window is checked against it.
    if (Math.abs(Date.now() - Number(a.timestamp)) > 5 * 60_000) return '请求时间戳已过期';
    const body = typeof req.body === 'string' ? req.body : '';
    return verifyAlipayRequest(a, req.method, signedUrl(app, req.url), body, o.appPublicKey) ? null : '验签出错';
  }

  async function gate(app: FastifyInstance, op: string, req: FastifyRequest, reply: FastifyReply): Promise<ApiFault | null | 'answered'> {
    const refused = await authError(app, req);
    if (refused) {
      reply.code(401).send({ code: 'invalid-signature', message: refused });
      return 'answered';
    }
    calls[op] = (calls[op] ?? 0) + 1;
    const fault = faults.take(op);
    if (fault === 'system_error') {
      reply.code(500).send({ code: 'SYSTEM_ERROR', message: '系统繁忙' });
      return 'answered';
    }
    if (fault === 'timeout') await new Promise((r) => setTimeout(r, control.timeoutDelayMs));
    return fault;
  }

  function outTradeNo(req: FastifyRequest): string {
    try {
      return String((JSON.parse(req.body as string) as { out_trade_no?: unknown }).out_trade_no ?? '');
    } catch {
      return '';
    }
  }

  async function buildNotification(no: string, fault?: AlipayNotifyFault): Promise<Record<string, string>> {
    const o = await opts();
    const t = trades.get(no)!;
    const amount = fault === 'amount_mismatch' ? (Number(t.body.total_amount) + 1).toFixed(2) : t.body.total_amount;
    const params: Record<string, string> = {
      notify_time: chinaText(o.now()),
      notify_type: 'trade_status_sync',
      notify_id: randomUUID().replace(/-/g, ''),
      charset: 'utf-8',
      version: '1.0',
      app_id: fault === 'wrong_app' ? '2021999999999999' : o.appId,
      seller_id: fault === 'wrong_seller' ? '2088999999999999' : o.sellerId,
      trade_no: t.tradeNo ?? '',
      out_trade_no: no,
      trade_status: t.status,
      total_amount: amount,
      receipt_amount: amount,
      buyer_pay_amount: amount,
      subject: t.body.subject,
      gmt_create: t.gmtCreate ?? '',
      gmt_payment: t.gmtPayment ?? '',
      buyer_logon_id: 'san***@sandbox.com',
      fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
    };
    // Values with '%', '+' and Chinese catch a merchant that decodes the form twice.
    if (fault === 'special_chars') params.passback_params = '100%+满意 a+b=c&d';
    const signed = signNotification(params, o.alipayPrivateKey);
    if (fault === 'forged_signature') signed.sign = randomBytes(256).toString('base64');
    return signed;
  }

  const control = {
    trades,
    faults,
    calls,
    timeoutDelayMs: 8_000,
    /** The payer opens the code in the Alipay app: the trade comes into being, waiting for payment. */
    async scan(no: string) {
      const t = trades.get(no);
      if (!t || t.scanned) return;
      t.scanned = true;
      t.tradeNo = `2026${Date.now()}${randomBytes(3).toString('hex')}`.slice(0, 28);
      t.gmtCreate = chinaText((await opts()).now());
    },
    /** The payer pays: TRADE_SUCCESS, then the signed notification (unless dropped, as if lost on the way). */
    async pay(no: string, o: { notify?: boolean } = {}): Promise<Delivery | null> {
      const t = trades.get(no);
      const now = (await opts()).now();
      if (!t || t.status !== 'WAIT_BUYER_PAY') throw new Error(`trade ${no} cannot be paid (${t?.status ?? 'unknown'})`);
      if (now.getTime() > expiresAt(t)) throw new Error(`trade ${no} has timed out`);
      await control.scan(no);
      t.status = 'TRADE_SUCCESS';
      t.gmtPayment = chinaText(now);
      return o.notify === false ? null : control.notify(no);
    },
    close(no: string) {
      const t = trades.get(no);
      if (t && t.status === 'WAIT_BUYER_PAY') t.status = 'TRADE_CLOSED';
    },
    /** Sends the form notification (again, for a duplicate), optionally spoiled; re-sent until the answer is 'success'. */
    async notify(no: string, fault?: AlipayNotifyFault): Promise<Delivery> {
      const params = await buildNotification(no, fault);
      return (await deliverer()).deliver(trades.get(no)!.body.notify_url, {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(params).toString(),
      });
    },
    buildNotification,
    shutdown() {
      delivererOf?.close();
    },
  };

  const notExist = (reply: FastifyReply, fault: ApiFault | null) =>
    answer(reply, 400, { code: 'ACQ.TRADE_NOT_EXIST', message: '交易不存在' }, fault);

  async function plugin(app: FastifyInstance) {
    gatewayScope(app);

    app.post('/v3/alipay/trade/precreate', async (req, reply) => {
      const fault = await gate(app, 'create', req, reply);
      if (fault === 'answered') return reply;
      const o = await opts();
      const checked = validatePrecreate(req.body as string);
      if (!checked.ok) return answer(reply, 400, { code: checked.code, message: checked.message }, fault);
      const key = JSON.stringify(checked.body);
      const existing = trades.get(checked.body.out_trade_no);
      if (existing) {
        if (existing.status !== 'WAIT_BUYER_PAY')
          return answer(reply, 400, { code: 'ACQ.TRADE_HAS_SUCCESS', message: '交易已被支付或已关闭' }, fault);
        if (existing.bodyText !== key) return answer(reply, 400, { code: 'ACQ.CONTEXT_INCONSISTENT', message: '交易信息被篡改' }, fault);
      } else {
        trades.set(checked.body.out_trade_no, {
          body: checked.body,
          bodyText: key,
          createdAt: o.now(),
          scanned: false,
          status: 'WAIT_BUYER_PAY',
        });
      }
      const no = checked.body.out_trade_no;
      return answer(reply, 200, { out_trade_no: no, qr_code: `${o.pageBaseUrl()}/pay/${no}` }, fault);
    });

    app.post('/v3/alipay/trade/query', async (req, reply) => {
      const fault = await gate(app, 'query', req, reply);
      if (fault === 'answered') return reply;
      const no = outTradeNo(req);
      const t = trades.get(no);
      if (!t?.scanned) return notExist(reply, fault);
      return answer(
        reply,
        200,
        {
          out_trade_no: no,
          trade_no: t.tradeNo,
          trade_status: t.status,
          total_amount: t.body.total_amount,
          buyer_logon_id: 'san***@sandbox.com',
          send_pay_date: t.gmtPayment,
        },
        fault,
      );
    });

    app.post('/v3/alipay/trade/close', async (req, reply) => {
      const fault = await gate(app, 'close', req, reply);
      if (fault === 'answered') return reply;
      const no = outTradeNo(req);
      const t = trades.get(no);
      if (!t?.scanned) {
        // Closing an unscanned precreate: nothing exists yet, and the code can no longer create a trade.
        if (t) t.status = 'TRADE_CLOSED';
        return notExist(reply, fault);
      }
      if (t.status === 'TRADE_SUCCESS') return answer(reply, 400, { code: 'ACQ.TRADE_STATUS_ERROR', message: '交易状态不合法' }, fault);
      t.status = 'TRADE_CLOSED';
      return answer(reply, 200, { out_trade_no: no, trade_no: t.tradeNo }, fault);
    });

    const RESULT: Record<string, string> = {
      paid: '支付成功，已通知商户',
      failed: '支付失败（沙箱模拟），可以重试',
      closed: '交易已关闭',
      refused: '该交易当前不能支付',
    };
    const STATE: Record<TradeStatus, string> = { WAIT_BUYER_PAY: '等待付款', TRADE_SUCCESS: '交易成功', TRADE_CLOSED: '交易关闭' };

    app.get<{ Params: { no: string }; Querystring: { result?: string } }>('/pay/:no', async (req, reply) => {
      const t = trades.get(req.params.no);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!t)
        return reply.code(404).send(
          payPage({
            brand: '支付宝',
            color: '#1677ff',
            amountYuan: '-',
            description: '',
            orderId: req.params.no,
            state: '交易不存在',
            actions: false,
          }),
        );
      const expired = (await opts()).now().getTime() > expiresAt(t);
      if (!expired) await control.scan(req.params.no);
      return reply.send(
        payPage({
          brand: '支付宝',
          color: '#1677ff',
          amountYuan: t.body.total_amount,
          description: t.body.subject,
          orderId: req.params.no,
          state: expired && t.status === 'WAIT_BUYER_PAY' ? '已过期' : STATE[t.status],
          message: RESULT[req.query.result ?? ''],
          actions: !expired && t.status === 'WAIT_BUYER_PAY',
        }),
      );
    });

    app.post<{ Params: { no: string; action: string } }>('/pay/:no/:action', async (req, reply) => {
      const { no, action } = req.params;
      let result = 'refused';
      try {
        if (action === 'pay') {
          await control.pay(no, { notify: false });
          void control.notify(no);
          result = 'paid';
        } else if (action === 'fail' && trades.get(no)?.status === 'WAIT_BUYER_PAY') {
          result = 'failed';
        } else if (action === 'close' && trades.get(no)?.status === 'WAIT_BUYER_PAY') {
          await control.scan(no);
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

    const gatewayError = (reply: FastifyReply, status: number, code: string, message: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(errorPage('支付宝', '支付宝 - 网上支付 安全快速！', `错误代码 ${code}：${message}`));

    /**
     * alipay.trade.wap.pay: the phone opens the merchant's signed URL (GET, or the SDK's auto-submitting form as
     * POST); the gateway checks the signature and parameters, creates the trade and shows its cashier.
     */
    const openWapPay = async (params: Record<string, string>, reply: FastifyReply) => {
      const o = await opts();
      if (!verifyGatewayRequest(params, o.appPublicKey)) return gatewayError(reply, 400, 'invalid-signature', '验签出错');
      const v = validateWapPay(params, o.appId);
      if (!v.ok) return gatewayError(reply, 400, v.code, v.message);
      const body: PrecreateBody = {
        out_trade_no: v.biz.out_trade_no,
        total_amount: v.biz.total_amount,
        subject: v.biz.subject,
        notify_url: v.notifyUrl,
        ...(v.biz.timeout_express ? { timeout_express: v.biz.timeout_express } : {}),
      };
      const key = JSON.stringify({ body, returnUrl: v.returnUrl, quitUrl: v.biz.quit_url });
      const no = body.out_trade_no;
      const existing = trades.get(no);
      if (existing) {
        if (existing.status !== 'WAIT_BUYER_PAY') return gatewayError(reply, 400, 'ACQ.TRADE_HAS_SUCCESS', '交易已被支付或已关闭');
        if (existing.bodyText !== key) return gatewayError(reply, 400, 'ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
      } else {
        trades.set(no, {
          kind: 'wap',
          body,
          bodyText: key,
          createdAt: o.now(),
          scanned: false,
          status: 'WAIT_BUYER_PAY',
          returnUrl: v.returnUrl,
          quitUrl: v.biz.quit_url,
        });
      }
      const t = trades.get(no);
      if (t && o.now().getTime() > expiresAt(t)) return gatewayError(reply, 400, 'ACQ.TRADE_HAS_CLOSE', '交易已超时关闭');
      // The trade exists from the moment the cashier opens (query then answers WAIT_BUYER_PAY).
      await control.scan(no);
      return reply
        .code(302)
        .header('location', `cashier/${encodeURIComponent(no)}`)
        .send();
    };
    app.get<{ Querystring: Record<string, string> }>('/gateway.do', async (req, reply) =>
      openWapPay(Object.fromEntries(Object.entries(req.query).filter((e): e is [string, string] => typeof e[1] === 'string')), reply),
    );
    app.post<{ Querystring: Record<string, string> }>('/gateway.do', async (req, reply) =>
      openWapPay({ ...(req.query as Record<string, string>), ...formFields(req.body) }, reply),
    );

    /** The signed synchronous return (alipay.trade.wap.pay.return) appended to return_url after payment. */
    async function returnUrlOf(no: string): Promise<string> {
      const o = await opts();
      const t = trades.get(no);
      if (!t?.returnUrl) return `../cashier/${encodeURIComponent(no)}`;
      const signed = signNotification(
        {
          charset: 'utf-8',
          out_trade_no: no,
          method: 'alipay.trade.wap.pay.return',
          total_amount: t.body.total_amount,
          trade_no: t.tradeNo ?? '',
          auth_app_id: o.appId,
          version: '1.0',
          app_id: o.appId,
          seller_id: o.sellerId,
          timestamp: chinaText(o.now()),
        },
        o.alipayPrivateKey,
      );
      const url = new URL(t.returnUrl);
      for (const [k, v] of Object.entries(signed)) url.searchParams.set(k, v);
      return url.toString();
    }

    app.get<{ Params: { no: string }; Querystring: { result?: string } }>('/cashier/:no', async (req, reply) => {
      const t = trades.get(req.params.no);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (!t || t.kind !== 'wap') return gatewayError(reply, 404, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
      const expired = (await opts()).now().getTime() > expiresAt(t);
      return reply.send(
        payPage({
          brand: '支付宝',
          color: '#1677ff',
          channel: '手机网站支付',
          amountYuan: t.body.total_amount,
          description: t.body.subject,
          orderId: req.params.no,
          state: expired && t.status === 'WAIT_BUYER_PAY' ? '已过期' : STATE[t.status],
          message: RESULT[req.query.result ?? ''],
          actions: !expired && t.status === 'WAIT_BUYER_PAY',
          closeLabel: '返回商家',
          backUrl: t.status === 'TRADE_SUCCESS' ? await returnUrlOf(req.params.no) : undefined,
        }),
      );
    });

    app.post<{ Params: { no: string; action: string } }>('/cashier/:no/:action', async (req, reply) => {
      const { no, action } = req.params;
      const t = trades.get(no);
      if (!t || t.kind !== 'wap') return gatewayError(reply, 404, 'ACQ.TRADE_NOT_EXIST', '交易不存在');
      const back = (result: string) => `../${encodeURIComponent(no)}?result=${result}`;
      try {
        if (action === 'pay') {
          await control.pay(no, { notify: false });
          void control.notify(no);
          return reply
            .code(303)
            .header('location', await returnUrlOf(no))
            .send();
        }
        if (action === 'fail') return reply.code(303).header('location', back('failed')).send();
        if (action === 'close')
          return reply
            .code(303)
            .header('location', t.quitUrl ?? t.returnUrl ?? back('refused'))
            .send();
      } catch {
        // Paid already, closed or timed out: the page says which.
      }
      return reply.code(303).header('location', back('refused')).send();
    });
  }

  return { plugin, control };
}
export type AlipayFake = ReturnType<typeof createAlipayFake>;
