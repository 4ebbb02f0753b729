import { fenToYuanText, parseYuanToFen } from '@lingxi/shared';
import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import type { AlipaySettings } from '../../config';
import { privatePem, publicPem } from '../../keys';
import {
  NotificationRejected,
  ProviderError,
  type OrderRequest,
  type PayLaunch,
  type PayProvider,
  type ProviderTrade,
  type QrOrderRequest,
  type TradeState,
} from '../types';

const STATES: Record<string, TradeState> = {
  WAIT_BUYER_PAY: 'pending',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

/** Provider yuan text → fen; an unreadable amount is kept as undefined so the service refuses to credit it. */
const amountFen = (text: unknown) => {
  const r = parseYuanToFen(typeof text === 'string' ? text : '', { maxFen: 1e12 });
  return r.ok ? r.fen : undefined;
};

/** Alipay writes times as China time without a zone: '2026-11-22 10:15:00'. */
function beijingDate(text: unknown): Date | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  const d = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * Alipay through the official alipay-sdk v4: 当面付 (alipay.trade.precreate), query and close over OpenAPI v3, and the
 * mobile web cashier (alipay.trade.wap.pay), a URL to the gateway signed by the SDK (RSA2 over the sorted parameters).
 */
export function createAlipayClient(
  s: AlipaySettings,
  o: { timeoutMs: number; ttlMinutes: number },
): PayProvider & {
  verifyNotification(params: Record<string, string>): ProviderTrade;
} {
  const sdk = new AlipaySdk({
    appId: s.appId,
    privateKey: privatePem(s.privateKey),
    keyType: 'PKCS8',
    alipayPublicKey: publicPem(s.alipayPublicKey),
    endpoint: s.endpoint,
    gateway: `${s.endpoint}/gateway.do`,
    timeout: o.timeoutMs,
  });

  async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    try {
      const res = await sdk.curl<T>('POST', path, { body });
      return res.data;
    } catch (err) {
      // Only the SDK's error carries what the gateway said; a transport failure or an unreadable answer is "unknown".
      if (
        err instanceof AlipayRequestError &&
        err.responseHttpStatus &&
        err.responseHttpStatus >= 400 &&
        err.responseHttpStatus < 500 &&
        err.code
      ) {
        throw new ProviderError('rejected', err.code, '支付宝拒绝了请求', err.responseHttpStatus);
      }
      const code =
        err instanceof AlipayRequestError
          ? (err.code ?? (err.responseHttpStatus ? `HTTP_${err.responseHttpStatus}` : 'NETWORK'))
          : 'BAD_RESPONSE';
      throw new ProviderError(
        'unavailable',
        code,
        '支付宝暂时无法访问',
        err instanceof AlipayRequestError ? err.responseHttpStatus : undefined,
      );
    }
  }

  function toTrade(t: Record<string, unknown>, source: 'query' | 'notify', orderId: string): ProviderTrade {
    return {
      orderId,
      state: STATES[String(t.trade_status)] ?? 'pending',
      amountFen: amountFen(t.total_amount),
      providerTradeNo: typeof t.trade_no === 'string' ? t.trade_no : undefined,
      paidAt: beijingDate(t.gmt_payment ?? t.send_pay_date),
      payload: {
        trade_status: t.trade_status,
        trade_no: t.trade_no,
        total_amount: t.total_amount,
        gmt_payment: t.gmt_payment ?? t.send_pay_date,
        source,
      },
    };
  }

  async function createQrOrder(r: QrOrderRequest) {
    const data = await call<{ qr_code?: string; out_trade_no?: string }>('/v3/alipay/trade/precreate', {
      out_trade_no: r.orderId,
      total_amount: fenToYuanText(r.amountFen),
      subject: r.description,
      notify_url: r.notifyUrl,
      timeout_express: `${o.ttlMinutes}m`,
    });
    if (!data?.qr_code || data.out_trade_no !== r.orderId) throw new ProviderError('unavailable', 'BAD_RESPONSE', '支付宝未返回二维码');
    return { codeUrl: data.qr_code };
  }

  /** alipay.trade.wap.pay: nothing is sent now; the payer's phone opens this signed URL and Alipay's cashier takes over. */
  function wapUrl(r: OrderRequest): string {
    if (!r.returnUrl) throw new ProviderError('rejected', 'PARAM_ERROR', '手机网站支付需要返回地址');
    return sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      bizContent: {
        out_trade_no: r.orderId,
        total_amount: fenToYuanText(r.amountFen),
        subject: r.description,
        product_code: 'QUICK_WAP_WAY',
        timeout_express: `${o.ttlMinutes}m`,
        ...(r.quitUrl ? { quit_url: r.quitUrl } : {}),
      },
      returnUrl: r.returnUrl,
      notifyUrl: r.notifyUrl,
    });
  }

  return {
    method: 'alipay',
    tradeTypes: ['NATIVE', 'WAP'],
    createQrOrder,
    async createOrder(r: OrderRequest): Promise<PayLaunch> {
      if (r.tradeType === 'NATIVE') return { kind: 'qr', codeUrl: (await createQrOrder(r)).codeUrl };
      if (r.tradeType === 'WAP') {
        const url = wapUrl(r);
        return { kind: 'redirect', url, handle: url };
      }
      throw new ProviderError('rejected', 'TRADE_TYPE', '支付宝不支持该交易类型');
    },

    async query(orderId) {
      try {
        const data = await call<Record<string, unknown>>('/v3/alipay/trade/query', { out_trade_no: orderId });
        if (data?.out_trade_no !== orderId) throw new ProviderError('unavailable', 'MISMATCH', '支付宝应答订单号不符');
        return toTrade(data, 'query', orderId);
      } catch (err) {
        // Precreate makes no trade until the code is scanned: "not exist" means not paid yet.
        if (err instanceof ProviderError && err.code === 'ACQ.TRADE_NOT_EXIST')
          return { orderId, state: 'not_found', payload: { source: 'query' } };
        throw err;
      }
    },

    async close(orderId) {
      try {
        await call('/v3/alipay/trade/close', { out_trade_no: orderId });
        return 'closed';
      } catch (err) {
        if (err instanceof ProviderError && err.code === 'ACQ.TRADE_NOT_EXIST') return 'closed';
        if (err instanceof ProviderError && err.kind === 'rejected') return 'not_closable';
        throw err;
      }
    },

    /**
     * An asynchronous notification, already form-decoded once: checkNotifySignV2 verifies the values as they are
     * (checkNotifySign would decode them a second time and break on '%'), then app and seller must be ours.
     */
    verifyNotification(params) {
      if (!sdk.checkNotifySignV2(params)) throw new NotificationRejected('bad signature', 401);
      if (params.app_id !== s.appId) throw new NotificationRejected('app_id mismatch');
      if (params.seller_id !== s.sellerId) throw new NotificationRejected('seller_id mismatch');
      if (!params.out_trade_no) throw new NotificationRejected('missing out_trade_no');
      return toTrade(params, 'notify', params.out_trade_no);
    },
  };
}
export type AlipayClient = ReturnType<typeof createAlipayClient>;
