import {
  fenToYuan,
  PRODUCT_NAME,
  type MyTipsData,
  type PaymentMethod,
  type PaymentOrder,
  type PaymentStatus,
  type PaymentStatusData,
  type TipRecord,
  type TradeType,
} from '@lingxi/shared';
import type { PaymentOrderRow, TipRow, UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import type { PaymentEngine } from '../payment';
import type { RewardRepository, TipFilter } from './repository';

const DESCRIPTION = `${PRODUCT_NAME}打赏`;

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
 * The rules of a tip, on the shared payment rails (modules/payment): the amount the payer chose, and a tip row
 * written in the transaction that marks its order paid.
 */
export function createRewardService(d: { repo: RewardRepository; engine: PaymentEngine }) {
  const { repo, engine } = d;
  engine.use({ key: 'tip', fulfil: (tx, order, now) => repo.insertTip(tx, order, now) });

  return {
    paymentMethods: () => engine.paymentMethods(),

    async createOrder(
      user: UserRow,
      b: { amount: number; payment_method: PaymentMethod; trade_type: TradeType; return_path?: string },
      meta: { origin: string; ip: string },
    ): Promise<PaymentOrder> {
      return engine.create(user, {
        purpose: 'tip',
        amountFen: b.amount,
        method: b.payment_method,
        tradeType: b.trade_type,
        description: DESCRIPTION,
        origin: meta.origin,
        returnPath: b.return_path,
        payerIp: meta.ip,
      });
    },

    async status(user: UserRow, orderId: string): Promise<PaymentStatusData> {
      return toStatus(await engine.ownSettled(user, 'tip', orderId));
    },

    /** The tip of the caller's paid order (idempotent). 409 while unpaid, 400 once it can no longer be paid. */
    async recordTip(user: UserRow, orderId: string): Promise<TipRecord> {
      const order = await engine.ownSettled(user, 'tip', orderId);
      if (order.status === 'pending') throw conflict('订单尚未支付成功，请完成支付后再试');
      if (order.status !== 'paid') throw badRequest('订单已关闭或已过期，未产生打赏记录');
      const tip = await repo.tipOfOrder(order.id);
      if (!tip) throw new Error(`paid order ${order.id} has no tip`);
      return toTipRecord(tip);
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
