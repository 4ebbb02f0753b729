import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paymentOrders, type PaymentOrderRow } from '../../db/schema';

export type PaymentPurposeKey = 'tip' | 'service';

export interface NewPaymentOrder {
  id: string;
  userId: string;
  userPhone: string | null;
  purpose: PaymentPurposeKey;
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

/** What a purpose writes in the transaction that marks its order paid (the tip, the deep service's entitlement). */
export type Fulfil = (tx: Tx, order: PaymentOrderRow, now: Date) => Promise<void>;

/** The Drizzle queries of payment orders. Every status change is conditional on the order still being pending. */
export function createPaymentRepository(db: Db) {
  return {
    /** The order row, and what its purpose records beside it, in one transaction: neither exists without the other. */
    async insertOrder(o: NewPaymentOrder, alongside?: (tx: Tx, order: PaymentOrderRow) => Promise<void>): Promise<PaymentOrderRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(paymentOrders)
          .values({
            id: o.id,
            userId: o.userId,
            userPhone: o.userPhone,
            purpose: o.purpose,
            method: o.method,
            tradeType: o.tradeType,
            amountFen: o.amountFen,
            expiresAt: o.expiresAt,
            checkedAt: o.now,
            createdAt: o.now,
            updatedAt: o.now,
          })
          .returning();
        if (!row) throw new Error('payment order insert returned no row');
        if (alongside) await alongside(tx, row);
        return row;
      });
    },

    async setCodeUrl(id: string, codeUrl: string, now: Date) {
      await db.update(paymentOrders).set({ codeUrl, updatedAt: now }).where(eq(paymentOrders.id, id));
    },

    async findOrder(id: string): Promise<PaymentOrderRow | null> {
      const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
      return row ?? null;
    },

    async findUserOrder(id: string, userId: string, purpose: PaymentPurposeKey): Promise<PaymentOrderRow | null> {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.id, id), eq(paymentOrders.userId, userId), eq(paymentOrders.purpose, purpose)))
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
     * pending → paid and what the purpose grants (a tip, a deep service), in one transaction. The conditional UPDATE
     * lets exactly one of any number of concurrent notifications, polls and sweeps through; the others get null, so a
     * replayed, duplicated or late notification never grants twice. The purpose's own unique order_id is the second
     * lock on the same door.
     */
    async markPaid(id: string, s: Settlement, fulfil: (order: PaymentOrderRow) => Fulfil): Promise<PaymentOrderRow | null> {
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
        await fulfil(order)(tx, order, s.now);
        return order;
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
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
