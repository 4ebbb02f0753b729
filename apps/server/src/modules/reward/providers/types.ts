import type { PaymentMethod } from '@lingxi/shared';

/** What both QR payment providers can do for us; WeChat Pay Native and Alipay precreate implement it. */
export interface PayProvider {
  readonly method: PaymentMethod;
  /** Creates (or identically re-creates) the provider's order and returns the code the payer scans. */
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
