import type { PaymentMethod, TradeType } from '@lingxi/shared';

/**
 * What both payment providers can do for us. WeChat Pay APIv3 implements NATIVE (QR), H5 (mobile browsers) and JSAPI
 * (inside WeChat); Alipay implements NATIVE (alipay.trade.precreate) and WAP (alipay.trade.wap.pay).
 */
export interface PayProvider {
  readonly method: PaymentMethod;
  readonly tradeTypes: readonly TradeType[];
  /** Creates (or identically re-creates) the provider's order and returns how the payer pays it. */
  createOrder(o: OrderRequest): Promise<PayLaunch>;
  /** NATIVE only: the code the payer scans (kept for callers that only ever show a QR). */
  createQrOrder(o: QrOrderRequest): Promise<{ codeUrl: string }>;
  /** The provider's view of an order. Throws ProviderError('unavailable') when it cannot say: unknown is not failed. */
  query(orderId: string): Promise<ProviderTrade>;
  /**
   * Makes an unpaid order unpayable. 'closed' means it can no longer be paid (also when it never existed);
   * 'not_closable' means the provider refused, typically because it was paid meanwhile: query it.
   */
  close(orderId: string): Promise<'closed' | 'not_closable'>;
}

export interface QrOrderRequest {
  orderId: string;
  amountFen: number;
  description: string;
  expiresAt: Date;
  notifyUrl: string;
}

/** Who pays and where they come back to, for the trade types paid on the payer's own phone. */
export interface OrderRequest extends QrOrderRequest {
  tradeType: TradeType;
  /** H5: WeChat checks the paying phone's IP against scene_info.payer_client_ip. */
  payerIp?: string;
  /** JSAPI: the payer's openid under WECHATPAY_APPID (the official account's AppID). */
  openid?: string;
  /** H5 and WAP: where the provider's cashier sends the payer back (our page, which then asks for the status). */
  returnUrl?: string;
  /** WAP: where Alipay's cashier "返回商家" goes when the payer gives up. */
  quitUrl?: string;
}

/** The parameters of WeixinJSBridge.invoke('getBrandWCPayRequest', …), signed with the merchant key (APIv3 RSA). */
export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/**
 * How the payer pays: scan a code (NATIVE), open a URL on the phone (H5 h5_url with redirect_url, WAP cashier URL), or
 * hand signed parameters to WeChat's in-app bridge (JSAPI; `bridgeUrl` is a page that plays the bridge's part where
 * there is none, which only the sandbox gateway provides).
 */
export type PayLaunch =
  | { kind: 'qr'; codeUrl: string }
  | { kind: 'redirect'; url: string; handle: string }
  | { kind: 'jsapi'; prepayId: string; params: JsapiParams; bridgeUrl: string | null };

/** not_found: the provider has no such trade (Alipay until the code is scanned; an order whose create never landed). */
export type TradeState = 'paid' | 'pending' | 'closed' | 'not_found';

/** A trade as a verified provider message (query answer or notification) reports it. */
export interface ProviderTrade {
  orderId: string;
  state: TradeState;
  amountFen?: number;
  providerTradeNo?: string;
  paidAt?: Date;
  /** What is kept on the order for reconciliation: the provider's fields without payer identifiers. */
  payload: Record<string, unknown>;
}

/**
 * unavailable: no trustworthy answer (network, timeout, 5xx, bad signature) — the outcome is unknown.
 * rejected: the provider answered and refused (4xx with its code).
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'rejected',
    readonly code: string,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A callback we refuse; the provider will retry it. `reason` goes to the log, never the payer's data. */
export class NotificationRejected extends Error {
  constructor(
    readonly reason: string,
    readonly httpStatus = 400,
  ) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}
