import { randomBytes } from 'node:crypto';
import {
  fenToYuan,
  PAYMENT_METHODS,
  PRODUCT_NAME,
  type MyTipsData,
  type PaymentMethod,
  type PaymentOrder,
  type PaymentStatus,
  type PaymentStatusData,
  type TipRecord,
} from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentOrderRow, TipRow, UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { renderQrImage } from '../../lib/qr-image';
import { NotificationRejected, ProviderError, type PayProvider, type ProviderTrade } from './providers/types';
import type { RewardRepository, TipFilter } from './repository';

export interface RewardServiceDeps {
  repo: RewardRepository;
  /** The enabled methods and their providers (built lazily: sandbox keys are made on first use). */
  methods: readonly PaymentMethod[];
  provider(method: PaymentMethod): Promise<PayProvider>;
  notifyUrl(method: PaymentMethod): string;
  now: () => Date;
  log: FastifyBaseLogger;
  orderTtlMs: number;
  queryMinIntervalMs: number;
  /** Refuses (throws) a user who may not pay: minor mode (modules/safety assertMayPay). */
  mayPay: (userId: string) => Promise<void>;
}

const DESCRIPTION = `${PRODUCT_NAME}打赏`;
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

export function toTipRecord(t: TipRow & { method: string }): TipRecord {
  return {
    id: t.id,
    order_id: t.orderId,
    user_phone: t.userPhone,
    amount: fenToYuan(t.amountFen),
    payment_method: t.method as PaymentMethod,
    created_at: t.createdAt.toISOString(),
  };
}

function toStatus(o: PaymentOrderRow): PaymentStatusData {
  return {
    order_id: o.id,
    status: o.status as PaymentStatus,
    payment_method: o.method as PaymentMethod,
    amount: fenToYuan(o.amountFen),
    paid_at: o.paidAt?.toISOString() ?? null,
    expires_at: o.expiresAt.toISOString(),
  };
}

/**
 * The rules of a tip. An order is paid only on a verified provider message (callback or query answer) whose amount
 * equals ours; every transition is a conditional update, so any number of duplicate callbacks, polls and sweeps
 * credit it once. A provider that cannot be reached leaves the order pending: unknown is not failed.
 */
export function createRewardService(d: RewardServiceDeps) {
  const { repo, log } = d;

  async function providerFor(method: string): Promise<PayProvider> {
    return d.provider(method as PaymentMethod);
  }

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
    const done = await repo.markPaid(order.id, {
      providerTradeNo: trade.providerTradeNo ?? null,
      providerPayload: trade.payload,
      paidAt: trade.paidAt ?? now,
      now,
    });
    if (done) {
      log.info({ orderId: order.id, method: order.method, amountFen: order.amountFen, source }, 'order paid, tip recorded');
      return done.order;
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
      provider = await providerFor(order.method);
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

  async function ownOrder(user: UserRow, orderId: string) {
    const order = await repo.findUserOrder(orderId, user.id);
    if (!order) throw notFound('订单不存在');
    return order;
  }

  async function createAtProvider(provider: PayProvider, order: PaymentOrderRow) {
    const request = {
      orderId: order.id,
      amountFen: order.amountFen,
      description: DESCRIPTION,
      expiresAt: order.expiresAt,
      notifyUrl: d.notifyUrl(order.method as PaymentMethod),
    };
    try {
      return await provider.createQrOrder(request);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.kind !== 'unavailable') throw err;
      // The first answer was lost or unusable; both providers accept an identical re-send of the same order.
      log.warn({ orderId: order.id, ...providerCode(err) }, 'create order: no answer, re-sending identically');
      return provider.createQrOrder(request);
    }
  }

  return {
    paymentMethods(): Record<string, string> {
      return Object.fromEntries(d.methods.map((m) => [m, PAYMENT_METHODS[m]]));
    },

    async createOrder(user: UserRow, b: { amount: number; payment_method: PaymentMethod; trade_type: string }): Promise<PaymentOrder> {
      await d.mayPay(user.id);
      if (!d.methods.includes(b.payment_method)) throw badRequest('暂不支持该支付方式');
      const now = d.now();
      // The row exists before the provider hears of it, so an answer lost in transit is still reconciled by the sweep.
      const order = await repo.insertOrder({
        id: newOrderId(),
        userId: user.id,
        userPhone: user.phone,
        method: b.payment_method,
        tradeType: b.trade_type,
        amountFen: b.amount,
        // Whole seconds: WeChat's time_expire has no milliseconds, and both sides should agree on the instant.
        expiresAt: new Date(Math.floor((now.getTime() + d.orderTtlMs) / 1000) * 1000),
        now,
      });
      let codeUrl: string;
      try {
        codeUrl = (await createAtProvider(await providerFor(order.method), order)).codeUrl;
      } catch (err) {
        log.warn({ orderId: order.id, method: order.method, ...providerCode(err) }, 'create order at provider failed');
        if (err instanceof ProviderError && err.kind === 'rejected') {
          await repo.markEnded(order.id, 'closed', d.now(), { create_error: err.code });
          throw new AppError(502, '创建支付订单失败，请稍后重试', 'PAY_CREATE_FAILED');
        }
        throw new AppError(502, '支付请求失败，请稍后重试', 'PAY_UNAVAILABLE');
      }
      await repo.setCodeUrl(order.id, codeUrl, d.now());
      const qrImage = await renderQrImage(codeUrl, 280);
      return {
        order_id: order.id,
        trade_type: order.tradeType,
        qr_code: codeUrl,
        qr_image: qrImage,
        payment_method: b.payment_method,
        amount: fenToYuan(order.amountFen),
        status: 'pending',
        expires_at: order.expiresAt.toISOString(),
      };
    },

    async status(user: UserRow, orderId: string): Promise<PaymentStatusData> {
      return toStatus(await settle(await ownOrder(user, orderId)));
    },

    /** The tip of the caller's paid order (idempotent). 409 while unpaid, 400 once it can no longer be paid. */
    async recordTip(user: UserRow, orderId: string): Promise<TipRecord> {
      const order = await settle(await ownOrder(user, orderId));
      if (order.status === 'pending') throw conflict('订单尚未支付成功，请完成支付后再试');
      if (order.status !== 'paid') throw badRequest('订单已关闭或已过期，未产生打赏记录');
      const tip = await repo.tipOfOrder(order.id);
      if (!tip) throw new Error(`paid order ${order.id} has no tip`);
      return toTipRecord(tip);
    },

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

    async listTips(q: { page: number; page_size: number; userPhone?: string; min?: number; max?: number }) {
      const filter: TipFilter = { phoneContains: q.userPhone || undefined, minFen: q.min, maxFen: q.max };
      const r = await repo.listTips(repo.adminTipsWhere(filter), q.page, q.page_size);
      return { records: r.rows.map(toTipRecord), total: r.total };
    },

    async myTips(user: UserRow, q: { page: number; page_size: number }): Promise<MyTipsData> {
      const r = await repo.listTips(repo.userTipsWhere(user.id), q.page, q.page_size);
      return { records: r.rows.map(toTipRecord), total: r.total, count: r.total, total_amount: fenToYuan(r.sumFen) };
    },
  };
}
export type RewardService = ReturnType<typeof createRewardService>;
