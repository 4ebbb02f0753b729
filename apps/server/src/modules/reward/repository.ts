import { and, count, desc, eq, gte, ilike, lte, sum, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paymentOrders, tips, type PaymentOrderRow, type TipRow } from '../../db/schema';

export interface TipFilter {
  phoneContains?: string;
  minFen?: number;
  maxFen?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The Drizzle queries of tips. The payment orders themselves are the payment module's (modules/payment). */
export function createRewardRepository(db: Db) {
  return {
    /** The tip of a paid order: written in the transaction that marks the order paid (its unique order_id). */
    async insertTip(tx: Tx, order: PaymentOrderRow, now: Date): Promise<void> {
      await tx
        .insert(tips)
        .values({ orderId: order.id, userId: order.userId, userPhone: order.userPhone, amountFen: order.amountFen, createdAt: now });
    },

    async tipOfOrder(orderId: string): Promise<(TipRow & { method: string }) | null> {
      const [row] = await db
        .select({ tip: tips, method: paymentOrders.method })
        .from(tips)
        .innerJoin(paymentOrders, eq(paymentOrders.id, tips.orderId))
        .where(eq(tips.orderId, orderId))
        .limit(1);
      return row ? { ...row.tip, method: row.method } : null;
    },

    async listTips(where: SQL | undefined, page: number, pageSize: number) {
      const [rows, [totals]] = await Promise.all([
        db
          .select({ tip: tips, method: paymentOrders.method })
          .from(tips)
          .innerJoin(paymentOrders, eq(paymentOrders.id, tips.orderId))
          .where(where)
          .orderBy(desc(tips.createdAt), desc(tips.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ count: count(), sumFen: sum(tips.amountFen) })
          .from(tips)
          .where(where),
      ]);
      return { rows: rows.map((r) => ({ ...r.tip, method: r.method })), total: totals?.count ?? 0, sumFen: Number(totals?.sumFen ?? 0) };
    },

    userTipsWhere: (userId: string) => eq(tips.userId, userId),

    adminTipsWhere(f: TipFilter): SQL | undefined {
      const parts: SQL[] = [];
      if (f.phoneContains) parts.push(ilike(tips.userPhone, `%${escapeLike(f.phoneContains)}%`));
      if (f.minFen !== undefined) parts.push(gte(tips.amountFen, f.minFen));
      if (f.maxFen !== undefined) parts.push(lte(tips.amountFen, f.maxFen));
      return parts.length ? and(...parts) : undefined;
    },
  };
}
export type RewardRepository = ReturnType<typeof createRewardRepository>;
