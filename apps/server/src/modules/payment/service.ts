import { randomBytes } from 'node:crypto';
import {
  fenToYuan,
  PAYMENT_METHODS,
  PAYMENT_MSG,
  TRADE_TYPES_BY_METHOD,
  type PaymentMethod,
  type PaymentOrder,
  type TradeType,
} from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import type { PaymentOrderRow, UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { renderQrImage } from '../../lib/qr-image';
import {
  NotificationRejected,
  ProviderError,
  type OrderRequest,
  type PayLaunch,
  type PayProvider,
  type ProviderTrade,
} from './providers/types';
import type { Fulfil, PaymentPurposeKey, PaymentRepository } from './repository';

/** A kind of thing bought with the rails: what the provider shows the payer, and what settlement grants. */
export interface PaymentPurpose {
  key: PaymentPurposeKey;
  /** Written in the same transaction as pending → paid. */
  fulfil: Fulfil;
}

/**
 * Who the payer is to WeChat inside its own browser: JSAPI needs their openid under the official account's AppID
 * (which must be WECHATPAY_APPID). `authorization`: whether a silent snsapi_base authorisation can learn it (the
 * browser starts one at POST /api/auth/wechat-oa/authorize, issue 19); without one, WeChat's browser pays by QR.
 */
export interface PayerIdentity {
  openid(userId: string): Promise<string | null>;
  readonly authorization: boolean;
}
export const NO_PAYER_IDENTITY: PayerIdentity = { openid: async () => null, authorization: false };

/**
 * The one place an order can be refused because of who the buyer is, before anything reaches a provider: minor mode
 * (issue 13) plugs its check in here. Throw an AppError to refuse.
 */
export type PurchaseGuard = (user: UserRow, purpose: PaymentPurposeKey) => Promise<void>;

export interface PaymentEngineDeps {
  repo: PaymentRepository;
  /** The enabled methods and their providers (built lazily: sandbox keys are made on first use). */
  methods: readonly PaymentMethod[];
  provider(method: PaymentMethod): Promise<PayProvider>;
  /** Where the provider posts its notification: tips keep /api/reward/notify/*, services use /api/pay/notify/*. */
  notifyUrl(method: PaymentMethod, purpose: PaymentPurposeKey): string;
  now: () => Date;
  log: FastifyBaseLogger;
  orderTtlMs: number;
  queryMinIntervalMs: number;
  payer: PayerIdentity;
  guard: PurchaseGuard;
}

/** What a caller asks the rails to collect. */
export interface PaymentRequest {
  purpose: PaymentPurposeKey;
  amountFen: number;
  method: PaymentMethod;
  tradeType: TradeType;
  /** Shown by the provider's cashier and on the payer's bill (≤127 bytes). */
  description: string;
  /** The phone payments' way back: this site's origin and a path of ours (the order id is added to it). */
  origin: string;
  returnPath?: string;
  payerIp: string;
  /** Rows the purpose keeps beside the order, written in the order's own transaction. */
  alongside?: (tx: Tx, order: PaymentOrderRow) => Promise<void>;
}

const SWEEP_BATCH = 100;
/**
 * An order is closed this long after its time_expire / timeout_express, not at once: a provider whose clock runs a
 * little behind ours may still take a payment at the last second, and an unscanned Alipay code cannot be closed.
 */
const EXPIRY_GRACE_MS = 60_000;

/** 96 random bits in hex: fits both providers' out_trade_no rules, and its first 8 characters tell orders apart. */
const newOrderId = () => randomBytes(12).toString('hex');

const providerCode = (err: unknown) =>
  err instanceof ProviderError ? { kind: err.kind, code: err.code, status: err.httpStatus } : { err };

/** The page a phone payment returns to: ours, with the order id, so that page can ask how the payment ended. */
export function returnUrlFor(origin: string, path: string, orderId: string): string {
  return `${origin.replace(/\/+$/, '')}${path}${path.includes('?') ? '&' : '?'}pay_order=${orderId}`;
}

/**
 * The payment rails shared by tips and paid services. An order is paid only on a verified provider message (callback
 * or query answer) whose amount equals ours; every transition is a conditional update, and what the order buys is
 * written in the same transaction, so any number of duplicate callbacks, polls and sweeps grant it once. A provider
 * that cannot be reached leaves the order pending: unknown is not failed.
 */
export function createPaymentEngine(d: PaymentEngineDeps) {
  const { repo, log } = d;
  const purposes = new Map<PaymentPurposeKey, PaymentPurpose>();

  const fulfilOf = (order: PaymentOrderRow): Fulfil => {
    const p = purposes.get(order.purpose as PaymentPurposeKey);
    if (!p) throw new Error(`no payment purpose ${order.purpose} is registered`);
    return p.fulfil;
  };

  async function reread(o: PaymentOrderRow) {
    return (await repo.findOrder(o.id)) ?? o;
  }

  /** Credits a paid trade whose amount matches; null when it must not be credited. */
  async function applyPaid(order: PaymentOrderRow, trade: ProviderTrade, source: 'notify' | 'query'): Promise<PaymentOrderRow | null> {
    if (trade.amountFen !== order.amountFen) {
      log.error(
        { orderId: order.id, method: order.method, expectedFen: order.amountFen, reportedFen: trade.amountFen, source },
        'payment amount mismatch: not credited',
      );
      return null;
    }
    const now = d.now();
    const done = await repo.markPaid(
      order.id,
      { providerTradeNo: trade.providerTradeNo ?? null, providerPayload: trade.payload, paidAt: trade.paidAt ?? now, now },
      fulfilOf,
    );
    if (done) {
      log.info({ orderId: order.id, method: order.method, purpose: order.purpose, amountFen: order.amountFen, source }, 'order paid');
      return done;
    }
    const fresh = await reread(order);
    if (fresh.status !== 'paid') {
      // We closed it at the provider first, so this should not happen; money may have moved: a person must look.
      log.error(
        { orderId: order.id, method: order.method, status: fresh.status, source },
        'provider reports paid for an ended order: reconcile by hand',
      );
    }
    return fresh;
  }

  /** Past its lifetime: make it unpayable at the provider first, and only then call it expired. */
  async function expire(order: PaymentOrderRow, provider: PayProvider): Promise<PaymentOrderRow> {
    let result: 'closed' | 'not_closable';
    try {
      result = await provider.close(order.id);
    } catch (err) {
      log.warn({ orderId: order.id, ...providerCode(err) }, 'close at provider failed; order stays pending');
      return order;
    }
    if (result === 'closed') return (await repo.markEnded(order.id, 'expired', d.now())) ?? reread(order);
    // Refused to close: most likely paid a moment ago. Ask again and settle on what it says.
    try {
      const trade = await provider.query(order.id);
      if (trade.state === 'paid') return (await applyPaid(order, trade, 'query')) ?? order;
      if (trade.state === 'closed') return (await repo.markEnded(order.id, 'closed', d.now(), trade.payload)) ?? reread(order);
    } catch (err) {
      log.warn({ orderId: order.id, ...providerCode(err) }, 'query after refused close failed');
    }
    return order;
  }

  /** Asks the provider about a pending order (at most once per queryMinIntervalMs across callers) and applies the answer. */
  async function settle(order: PaymentOrderRow): Promise<PaymentOrderRow> {
    if (order.status !== 'pending') return order;
    if (!(await repo.claimCheck(order.id, d.now(), d.queryMinIntervalMs))) return order;
    let provider: PayProvider;
    let trade: ProviderTrade;
    try {
      provider = await d.provider(order.method as PaymentMethod);
      trade = await provider.query(order.id);
    } catch (err) {
      log.warn({ orderId: order.id, method: order.method, ...providerCode(err) }, 'payment query failed; order stays pending');
      return order;
    }
    if (trade.state === 'paid') return (await applyPaid(order, trade, 'query')) ?? order;
    if (trade.state === 'closed') return (await repo.markEnded(order.id, 'closed', d.now(), trade.payload)) ?? reread(order);
    if (d.now().getTime() >= order.expiresAt.getTime() + EXPIRY_GRACE_MS) return expire(order, provider);
    return order;
  }

  async function launchAtProvider(provider: PayProvider, request: OrderRequest): Promise<PayLaunch> {
    try {
      return await provider.createOrder(request);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.kind !== 'unavailable') throw err;
      // The first answer was lost or unusable; both providers accept an identical re-send of the same order.
      log.warn({ orderId: request.orderId, ...providerCode(err) }, 'create order: no answer, re-sending identically');
      return provider.createOrder(request);
    }
  }

  /**
   * JSAPI pays as the payer's official-account openid; without one the browser first goes through the silent
   * authorisation (authorize: true), or pays by QR where there is none (authorize: false).
   */
  async function openidFor(user: UserRow): Promise<string> {
    const openid = await d.payer.openid(user.id);
    if (openid) return openid;
    throw new AppError(409, PAYMENT_MSG.oaAuthRequired, 'OA_AUTH_REQUIRED', { authorize: d.payer.authorization });
  }

  async function toLaunchDto(order: PaymentOrderRow, launch: PayLaunch): Promise<PaymentOrder> {
    const handle = launch.kind === 'qr' ? launch.codeUrl : launch.kind === 'redirect' ? launch.handle : launch.prepayId;
    return {
      order_id: order.id,
      trade_type: order.tradeType as TradeType,
      qr_code: handle,
      qr_image: launch.kind === 'qr' ? await renderQrImage(launch.codeUrl, 280) : null,
      pay_url: launch.kind === 'redirect' ? launch.url : null,
      jsapi: launch.kind === 'jsapi' ? { ...launch.params, bridge_url: launch.bridgeUrl } : null,
      payment_method: order.method as PaymentMethod,
      amount: fenToYuan(order.amountFen),
      amount_fen: order.amountFen,
      status: 'pending',
      expires_at: order.expiresAt.toISOString(),
    };
  }

  return {
    /** Registers what a purpose grants at settlement (tips, deep services); each module registers its own. */
    use(purpose: PaymentPurpose) {
      purposes.set(purpose.key, purpose);
    },

    paymentMethods(): Record<string, string> {
      return Object.fromEntries(d.methods.map((m) => [m, PAYMENT_METHODS[m]]));
    },

    /**
     * Creates an order and the provider's side of it. The row (with what the purpose keeps beside it) exists before
     * the provider hears of it, so an answer lost in transit is still reconciled by the sweep.
     */
    async create(user: UserRow, r: PaymentRequest): Promise<PaymentOrder> {
      await d.guard(user, r.purpose);
      if (!d.methods.includes(r.method)) throw badRequest('暂不支持该支付方式');
      if (!TRADE_TYPES_BY_METHOD[r.method].includes(r.tradeType)) throw badRequest(PAYMENT_MSG.tradeTypeForMethod);
      const openid = r.tradeType === 'JSAPI' ? await openidFor(user) : undefined;
      const now = d.now();
      const order = await repo.insertOrder(
        {
          id: newOrderId(),
          userId: user.id,
          userPhone: user.phone,
          purpose: r.purpose,
          method: r.method,
          tradeType: r.tradeType,
          amountFen: r.amountFen,
          // Whole seconds: WeChat's time_expire has no milliseconds, and both sides should agree on the instant.
          expiresAt: new Date(Math.floor((now.getTime() + d.orderTtlMs) / 1000) * 1000),
          now,
        },
        r.alongside,
      );
      const back = returnUrlFor(r.origin, r.returnPath ?? '/', order.id);
      const request: OrderRequest = {
        orderId: order.id,
        amountFen: order.amountFen,
        description: r.description,
        expiresAt: order.expiresAt,
        notifyUrl: d.notifyUrl(r.method, r.purpose),
        tradeType: r.tradeType,
        payerIp: r.payerIp,
        openid,
        returnUrl: back,
        quitUrl: back,
      };
      let launch: PayLaunch;
      try {
        launch = await launchAtProvider(await d.provider(r.method), request);
      } catch (err) {
        log.warn({ orderId: order.id, method: order.method, ...providerCode(err) }, 'create order at provider failed');
        if (err instanceof ProviderError && err.kind === 'rejected') {
          await repo.markEnded(order.id, 'closed', d.now(), { create_error: err.code });
          throw new AppError(502, '创建支付订单失败，请稍后重试', 'PAY_CREATE_FAILED');
        }
        throw new AppError(502, '支付请求失败，请稍后重试', 'PAY_UNAVAILABLE');
      }
      await repo.setCodeUrl(
        order.id,
        launch.kind === 'qr' ? launch.codeUrl : launch.kind === 'redirect' ? launch.handle : launch.prepayId,
        d.now(),
      );
      return toLaunchDto(order, launch);
    },

    /** The caller's own order of this purpose, settled with the provider if still pending; 404 for anyone else's. */
    async ownSettled(user: UserRow, purpose: PaymentPurposeKey, orderId: string): Promise<PaymentOrderRow> {
      const order = await repo.findUserOrder(orderId, user.id, purpose);
      if (!order) throw notFound('订单不存在');
      return settle(order);
    },

    settle,

    /** A verified callback. Unknown orders and amount mismatches are refused (logged, the provider retries). */
    async applyNotification(method: PaymentMethod, trade: ProviderTrade): Promise<void> {
      const order = await repo.findOrder(trade.orderId);
      if (!order || order.method !== method) throw new NotificationRejected('unknown order', 404);
      if (trade.state === 'paid') {
        if (!(await applyPaid(order, trade, 'notify'))) throw new NotificationRejected('amount mismatch');
      } else if (trade.state === 'closed') {
        await repo.markEnded(order.id, 'closed', d.now(), trade.payload);
      }
    },

    /** Settles pending orders whose callback never came or whose lifetime is over; run every minute. */
    async sweep(): Promise<number> {
      const due = await repo.duePending(d.now(), d.queryMinIntervalMs, SWEEP_BATCH);
      let changed = 0;
      for (const order of due) {
        const after = await settle(order);
        if (after.status !== 'pending') changed += 1;
      }
      return changed;
    },
  };
}
export type PaymentEngine = ReturnType<typeof createPaymentEngine>;
