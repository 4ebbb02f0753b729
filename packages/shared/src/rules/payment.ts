import { safeReturnPath } from './return-path';
import type { PaymentMethod } from './reward-amount';

/**
 * How a payment is made (the payer's device decides):
 * - NATIVE: a QR code scanned with the app (desktop; WeChat Native, Alipay alipay.trade.precreate);
 * - H5: WeChat Pay in a phone's browser other than WeChat (/v3/pay/transactions/h5, h5_url + redirect_url);
 * - JSAPI: WeChat Pay inside WeChat's own browser (prepay_id + WeixinJSBridge getBrandWCPayRequest, needs the
 *   official-account openid);
 * - WAP: Alipay's mobile cashier in a phone's browser (alipay.trade.wap.pay with return_url).
 */
export const TRADE_TYPES = ['NATIVE', 'H5', 'JSAPI', 'WAP'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

export const TRADE_TYPES_BY_METHOD: Record<PaymentMethod, readonly TradeType[]> = {
  wechat: ['NATIVE', 'H5', 'JSAPI'],
  alipay: ['NATIVE', 'WAP'],
};

export const PAYMENT_MSG = {
  tradeType: '暂不支持该交易类型',
  tradeTypeForMethod: '该支付方式不支持此交易类型',
  oaAuthRequired: '请先授权微信公众号，以便在微信内完成支付',
  returnPath: '支付完成后的返回地址不正确',
} as const;

/** Where the payer's cashier sends them back: a path of ours only (never another site or the API), at most 200 characters. */
export function isSafeReturnPath(p: string): boolean {
  return p.length <= 200 && !/\s/.test(p) && safeReturnPath(p) !== null;
}
