import type { WechatPaySettings } from '../../config';
import {
  NotificationRejected,
  ProviderError,
  type OrderRequest,
  type PayLaunch,
  type PayProvider,
  type ProviderTrade,
  type TradeState,
} from '../types';
import { authorizationHeader, chinaTime, decryptResource, signJsapi, verifyWechatpaySignature, type EncryptedResource } from './crypto';

/** trade_state → our view. NOTPAY, USERPAYING and PAYERROR can still end in a payment, so they stay pending. */
const STATES: Record<string, TradeState> = {
  SUCCESS: 'paid',
  REFUND: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  PAYERROR: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
};

interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  trade_state_desc?: string;
  success_time?: string;
  amount?: { total?: number; currency?: string; payer_total?: number };
}

const answerField = (data: unknown, field: string): string => {
  const v = (data as Record<string, unknown> | null)?.[field];
  if (typeof v !== 'string' || !v) throw new ProviderError('unavailable', 'BAD_RESPONSE', `微信支付未返回 ${field}`);
  return v;
};

/**
 * WeChat Pay APIv3 on fetch: Native (扫码), H5 (手机浏览器) and JSAPI (微信内) orders, query, close and callbacks.
 * Every answer's signature is verified before it is believed.
 */
export function createWechatPayClient(
  s: WechatPaySettings,
  o: { now: () => Date; timeoutMs: number },
): PayProvider & {
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): ProviderTrade;
} {
  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<{ status: number; data: unknown }> {
    const text = body ? JSON.stringify(body) : '';
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'lingxi-server',
      authorization: authorizationHeader(s, method, path, text, o.now()),
    };
    if (body) headers['content-type'] = 'application/json';
    if (s.publicKeyId) headers['wechatpay-serial'] = s.publicKeyId;
    let res: Response;
    try {
      res = await fetch(`${s.baseUrl}${path}`, {
        method,
        headers,
        body: body ? text : undefined,
        signal: AbortSignal.timeout(o.timeoutMs),
      });
    } catch (err) {
      const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ProviderError('unavailable', timeout ? 'TIMEOUT' : 'NETWORK', timeout ? '微信支付请求超时' : '微信支付网络错误');
    }
    const raw = await res.text().catch(() => '');
    let data: { code?: string; message?: string } | null = null;
    try {
      data = raw ? JSON.parse(raw) : null;
    } catch {
      if (res.ok) throw new ProviderError('unavailable', 'BAD_RESPONSE', '微信支付应答格式不正确', res.status);
    }
    if (res.status >= 500) throw new ProviderError('unavailable', data?.code ?? 'SYSTEM_ERROR', '微信支付系统繁忙', res.status);
    if (!res.ok) throw new ProviderError('rejected', data?.code ?? `HTTP_${res.status}`, data?.message ?? '微信支付拒绝了请求', res.status);
    const verified = verifyWechatpaySignature(Object.fromEntries(res.headers), raw, s.verifyKeys, o.now());
    if (!verified.ok)
      throw new ProviderError('unavailable', `RESPONSE_${verified.reason.toUpperCase()}`, '微信支付应答验签失败', res.status);
    return { status: res.status, data };
  }

  /** A transaction from a verified answer or callback; one for another merchant or app is not ours to believe. */
  function toTrade(t: Transaction, source: 'query' | 'notify'): ProviderTrade {
    if (t.mchid !== s.mchid || t.appid !== s.appid || !t.out_trade_no) {
      const why = !t.out_trade_no ? 'missing out_trade_no' : t.mchid !== s.mchid ? 'mchid mismatch' : 'appid mismatch';
      if (source === 'notify') throw new NotificationRejected(why);
      throw new ProviderError('unavailable', 'MISMATCH', `微信支付应答与商户不符: ${why}`);
    }
    const paidAt = t.success_time ? new Date(t.success_time) : undefined;
    return {
      orderId: t.out_trade_no,
      state: STATES[t.trade_state ?? ''] ?? 'pending',
      amountFen: t.amount?.total,
      providerTradeNo: t.transaction_id,
      paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : undefined,
      payload: {
        trade_state: t.trade_state,
        trade_state_desc: t.trade_state_desc,
        transaction_id: t.transaction_id,
        success_time: t.success_time,
        amount: t.amount,
        source,
      },
    };
  }

  const byOrder = (id: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(id)}`;

  /** The request body every trade type shares; H5 adds the payer's scene, JSAPI the payer. */
  const orderBody = (r: OrderRequest) => ({
    appid: s.appid,
    mchid: s.mchid,
    description: r.description,
    out_trade_no: r.orderId,
    time_expire: chinaTime(r.expiresAt),
    notify_url: r.notifyUrl,
    amount: { total: r.amountFen, currency: 'CNY' },
  });

  async function createOrder(r: OrderRequest): Promise<PayLaunch> {
    if (r.tradeType === 'NATIVE') {
      const { data } = await call('POST', '/v3/pay/transactions/native', orderBody(r));
      return { kind: 'qr', codeUrl: answerField(data, 'code_url') };
    }
    if (r.tradeType === 'H5') {
      if (!r.payerIp || !r.returnUrl) throw new ProviderError('rejected', 'PARAM_ERROR', 'H5 支付需要付款人 IP 与返回地址');
      const { data } = await call('POST', '/v3/pay/transactions/h5', {
        ...orderBody(r),
        scene_info: { payer_client_ip: r.payerIp, h5_info: { type: 'Wap' } },
      });
      const h5Url = answerField(data, 'h5_url');
      // WeChat's cashier sends the payer to redirect_url when they finish or give up (a domain registered for H5).
      return { kind: 'redirect', handle: h5Url, url: `${h5Url}&redirect_url=${encodeURIComponent(r.returnUrl)}` };
    }
    if (r.tradeType === 'JSAPI') {
      if (!r.openid) throw new ProviderError('rejected', 'PARAM_ERROR', 'JSAPI 支付需要付款人的 openid');
      const { data } = await call('POST', '/v3/pay/transactions/jsapi', { ...orderBody(r), payer: { openid: r.openid } });
      const prepayId = answerField(data, 'prepay_id');
      const params = signJsapi(s.appid, prepayId, s.privateKey, o.now());
      const bridgeUrl = s.jsapiBridgeUrl
        ? `${s.jsapiBridgeUrl}?${new URLSearchParams({ ...params, redirect_url: r.returnUrl ?? '' }).toString()}`
        : null;
      return { kind: 'jsapi', prepayId, params, bridgeUrl };
    }
    throw new ProviderError('rejected', 'TRADE_TYPE', '微信支付不支持该交易类型');
  }

  return {
    method: 'wechat',
    tradeTypes: ['NATIVE', 'H5', 'JSAPI'],
    createOrder,
    async createQrOrder(r) {
      const launch = await createOrder({ ...r, tradeType: 'NATIVE' });
      if (launch.kind !== 'qr') throw new ProviderError('unavailable', 'BAD_RESPONSE', '微信支付未返回二维码链接');
      return { codeUrl: launch.codeUrl };
    },

    async query(orderId) {
      try {
        const { data } = await call('GET', `${byOrder(orderId)}?mchid=${encodeURIComponent(s.mchid)}`);
        return toTrade((data ?? {}) as Transaction, 'query');
      } catch (err) {
        if (err instanceof ProviderError && err.code === 'ORDER_NOT_EXIST')
          return { orderId, state: 'not_found', payload: { source: 'query' } };
        throw err;
      }
    },

    async close(orderId) {
      try {
        await call('POST', `${byOrder(orderId)}/close`, { mchid: s.mchid });
        return 'closed';
      } catch (err) {
        if (err instanceof ProviderError && err.code === 'ORDER_NOT_EXIST') return 'closed';
        if (err instanceof ProviderError && err.kind === 'rejected') return 'not_closable';
        throw err;
      }
    },

    /** Verifies a payment callback over its raw body, decrypts the resource and checks it is ours. */
    verifyNotification(headers, rawBody) {
      const verified = verifyWechatpaySignature(headers, rawBody, s.verifyKeys, o.now());
      if (!verified.ok) throw new NotificationRejected(verified.reason, 401);
      let envelope: { event_type?: string; resource_type?: string; resource?: EncryptedResource };
      try {
        envelope = JSON.parse(rawBody);
      } catch {
        throw new NotificationRejected('body is not JSON');
      }
      if (!envelope.resource?.ciphertext || !envelope.resource.nonce) throw new NotificationRejected('missing resource');
      let plain: string;
      try {
        plain = decryptResource(envelope.resource, s.apiV3Key.reveal());
      } catch {
        throw new NotificationRejected('resource decryption failed');
      }
      let transaction: Transaction;
      try {
        transaction = JSON.parse(plain);
      } catch {
        throw new NotificationRejected('resource is not JSON');
      }
      return toTrade(transaction, 'notify');
    },
  };
}
export type WechatPayClient = ReturnType<typeof createWechatPayClient>;
