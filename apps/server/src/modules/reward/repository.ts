import { and, asc, count, desc, eq, gte, ilike, isNull, lte, or, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentOrders, tips, type PaymentOrderRow, type TipRow } from '../../db/schema';

export interface NewOrder {
  id: string;
  userId: string;
  userPhone: string | null;
  method: string;
  tradeType: string;
  amountFen: number;
  expiresAt: Date;
  now: Date;
}

export interface Settlement {
  providerTradeNo: string | null;
  providerPayload: Record<string, unknown>;
  paidAt: Date;
  now: Date;
}

export interface TipFilter {
  phoneContains?: string;
  minFen?: number;
  maxFen?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The Drizzle queries of payment orders and tips. Every status change is conditional on the order still being pending. */
export function createRewardRepository(db: Db) {
  return {
    async insertOrder(o: NewOrder): Promise<PaymentOrderRow> {
      const [row] = await db
        .insert(paymentOrders)
        .values({
          id: o.id,
          userId: o.userId,
          userPhone: o.userPhone,
          method: o.method,
          tradeType: o.tradeType,
          amountFen: o.amountFen,
          expiresAt: o.expiresAt,
          checkedAt: o.now,
          createdAt: o.now,
          updatedAt: o.now,
        })
        .returning();
      return row!;
    },

    async setCodeUrl(id: string, codeUrl: string, now: Date) {
      await db.update(paymentOrders).set({ codeUrl, updatedAt: now }).where(eq(paymentOrders.id, id));
    },

    async findOrder(id: string): Promise<PaymentOrderRow | null> {
      const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
      return row ?? null;
    },

    async findUserOrder(id: string, userId: string): Promise<PaymentOrderRow | null> {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.id, id), eq(paymentOrders.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Takes the right to ask the provider about a pending order now: true for one caller per `minIntervalMs`
     * across every instance, so status polls and the sweep cannot hammer the provider.
     */
    async claimCheck(id: string, now: Date, minIntervalMs: number): Promise<boolean> {
      const before = new Date(now.getTime() - minIntervalMs);
      const rows = await db
        .update(paymentOrders)
        .set({ checkedAt: now })
        .where(
          and(
            eq(paymentOrders.id, id),
            eq(paymentOrders.status, 'pending'),
            or(isNull(paymentOrders.checkedAt), lte(paymentOrders.checkedAt, before)),
          ),
        )
        .returning({ id: paymentOrders.id });
      return rows.length === 1;
    },

    /**
     * pending → paid and the tip, in one transaction. The conditional UPDATE lets exactly one of any number of
     * concurrent notifications, polls and sweeps through; the others get null. The unique order_id on tips is the
     * second lock on the same door.
     */
    async markPaid(id: string, s: Settlement): Promise<{ order: PaymentOrderRow; tip: TipRow } | null> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .update(paymentOrders)
          .set({
            status: 'paid',
            paidAt: s.paidAt,
            providerTradeNo: s.providerTradeNo,
            providerPayload: s.providerPayload,
            updatedAt: s.now,
          })
          .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'pending')))
          .returning();
        if (!order) return null;
        const [tip] = await tx
          .insert(tips)
          .values({ orderId: order.id, userId: order.userId, userPhone: order.userPhone, amountFen: order.amountFen, createdAt: s.now })
          .returning();
        return { order, tip: tip! };
      });
    },

    /** pending → closed (the provider closed it) or expired (we closed it at the provider after its lifetime). */
    async markEnded(
      id: string,
      status: 'closed' | 'expired',
      now: Date,
      payload?: Record<string, unknown>,
    ): Promise<PaymentOrderRow | null> {
      const [row] = await db
        .update(paymentOrders)
        .set({ status, closedAt: now, updatedAt: now, ...(payload ? { providerPayload: payload } : {}) })
        .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** Pending orders the sweep should settle: expired ones, and ones nobody has asked the provider about lately. */
    async duePending(now: Date, staleMs: number, limit: number): Promise<PaymentOrderRow[]> {
      const stale = new Date(now.getTime() - staleMs);
      return db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.status, 'pending'),
            or(lte(paymentOrders.expiresAt, now), isNull(paymentOrders.checkedAt), lte(paymentOrders.checkedAt, stale)),
          ),
        )
        .orderBy(asc(paymentOrders.checkedAt))
        .limit(limit);
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
