import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, ilike, isNull, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  chatSessions,
  deepEntitlements,
  paymentOrders,
  serviceOrders,
  serviceTypes,
  type DeepEntitlementRow,
  type PaymentOrderRow,
  type ServiceOrderRow,
} from '../../db/schema';

export interface OrderView {
  order: PaymentOrderRow;
  service: ServiceOrderRow;
  deep: DeepEntitlementRow | null;
}

export interface AdminOrderFilter {
  phoneContains?: string;
  serviceType?: string;
  /** Paid at or after / before, already turned into instants (Beijing days). */
  from?: Date;
  until?: Date;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The calendar day in Beijing (UTC+8, no daylight saving) of a timestamptz, whatever the session's time zone. */
const beijingDay = sql<string>`to_char((${paymentOrders.paidAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;
const fenSum = (col: typeof paymentOrders.amountFen) => sql<number>`coalesce(${sum(col)}, 0)::bigint`;

/** The SQL of paid deep services: what an order bought, the entitlement it grants, and the operator's revenue view. */
export function createOrdersRepository(db: Db) {
  const view = () =>
    db
      .select({ order: paymentOrders, service: serviceOrders, deep: deepEntitlements })
      .from(paymentOrders)
      .innerJoin(serviceOrders, eq(serviceOrders.orderId, paymentOrders.id))
      .leftJoin(deepEntitlements, eq(deepEntitlements.orderId, paymentOrders.id));

  function adminWhere(f: AdminOrderFilter, purpose: 'service' | 'tip'): SQL | undefined {
    const parts: SQL[] = [eq(paymentOrders.purpose, purpose), eq(paymentOrders.status, 'paid')];
    if (f.phoneContains) parts.push(ilike(paymentOrders.userPhone, `%${escapeLike(f.phoneContains)}%`));
    if (f.from) parts.push(gte(paymentOrders.paidAt, f.from));
    if (f.until) parts.push(lt(paymentOrders.paidAt, f.until));
    if (purpose === 'service' && f.serviceType) parts.push(eq(serviceOrders.serviceType, f.serviceType));
    return and(...parts);
  }

  return {
    /** What the order buys, written beside the payment order in its own transaction. */
    async insertServiceOrder(
      tx: Tx,
      o: { orderId: string; userId: string; serviceType: string; title: string; replies: number; includes: string[]; consentAt: Date },
    ) {
      await tx.insert(serviceOrders).values({
        orderId: o.orderId,
        userId: o.userId,
        serviceType: o.serviceType,
        title: o.title,
        replies: o.replies,
        includes: o.includes,
        noRefundConsentAt: o.consentAt,
        createdAt: o.consentAt,
      });
    },

    /**
     * The deep session and its entitlement, in the transaction that marks the order paid (the payment module calls
     * this with that transaction). The entitlement's unique order_id means an order can never grant twice.
     */
    async grantDeep(tx: Tx, order: PaymentOrderRow, now: Date): Promise<void> {
      const [bought] = await tx.select().from(serviceOrders).where(eq(serviceOrders.orderId, order.id)).limit(1);
      if (!bought) throw new Error(`service order ${order.id} has no service_orders row`);
      // The account was deleted while the payment was on its way: the payment row stays (anonymised), nothing to open.
      if (!order.userId) return;
      const sessionId = randomUUID();
      await tx.insert(chatSessions).values({
        id: sessionId,
        userId: order.userId,
        serviceType: bought.serviceType,
        sessionName: bought.title,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(deepEntitlements).values({
        orderId: order.id,
        userId: order.userId,
        serviceType: bought.serviceType,
        sessionId,
        repliesTotal: bought.replies,
        repliesLeft: bought.replies,
        createdAt: now,
        updatedAt: now,
      });
    },

    async findUserOrder(orderId: string, userId: string): Promise<OrderView | null> {
      const [row] = await view()
        .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.userId, userId), eq(paymentOrders.purpose, 'service')))
        .limit(1);
      return row ?? null;
    },

    async listUserOrders(userId: string, o: { paidOnly: boolean; page: number; pageSize: number }) {
      const where = and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.purpose, 'service'),
        o.paidOnly ? eq(paymentOrders.status, 'paid') : undefined,
      );
      const [rows, [total]] = await Promise.all([
        view()
          .where(where)
          .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
          .limit(o.pageSize)
          .offset((o.page - 1) * o.pageSize),
        db.select({ n: count() }).from(paymentOrders).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** A new deep session for an entitlement whose session was deleted, while replies are left; null when not allowed. */
    async reopenSession(orderId: string, userId: string, now: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [e] = await tx
          .select()
          .from(deepEntitlements)
          .where(and(eq(deepEntitlements.orderId, orderId), eq(deepEntitlements.userId, userId)))
          .for('update');
        if (!e || e.sessionId || e.repliesLeft <= 0) return null;
        const [bought] = await tx.select().from(serviceOrders).where(eq(serviceOrders.orderId, orderId)).limit(1);
        const sessionId = randomUUID();
        await tx.insert(chatSessions).values({
          id: sessionId,
          userId,
          serviceType: e.serviceType,
          sessionName: bought?.title ?? null,
          createdAt: now,
          updatedAt: now,
        });
        const done = await tx
          .update(deepEntitlements)
          .set({ sessionId, updatedAt: now })
          .where(and(eq(deepEntitlements.id, e.id), isNull(deepEntitlements.sessionId)))
          .returning({ id: deepEntitlements.id });
        return done.length ? sessionId : null;
      });
    },

    /** The operator's view: one page of paid orders, and the totals by service and by Beijing day of the same filter. */
    async adminOrders(f: AdminOrderFilter, page: number, pageSize: number) {
      const where = adminWhere(f, 'service');
      const tipWhere = adminWhere(f, 'tip');
      const [rows, [totals], byService, byDay, [tips]] = await Promise.all([
        view()
          .where(where)
          .orderBy(desc(paymentOrders.paidAt), desc(paymentOrders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: count(), fen: fenSum(paymentOrders.amountFen) })
          .from(paymentOrders)
          .innerJoin(serviceOrders, eq(serviceOrders.orderId, paymentOrders.id))
          .where(where),
        db
          .select({
            serviceType: serviceOrders.serviceType,
            title: sql<string>`coalesce(max(${serviceTypes.title}), ${serviceOrders.serviceType})`,
            n: count(),
            fen: fenSum(paymentOrders.amountFen),
          })
          .from(paymentOrders)
          .innerJoin(serviceOrders, eq(serviceOrders.orderId, paymentOrders.id))
          .leftJoin(serviceTypes, eq(serviceTypes.key, serviceOrders.serviceType))
          .where(where)
          .groupBy(serviceOrders.serviceType)
          .orderBy(desc(fenSum(paymentOrders.amountFen))),
        db
          .select({ day: beijingDay, n: count(), fen: fenSum(paymentOrders.amountFen) })
          .from(paymentOrders)
          .innerJoin(serviceOrders, eq(serviceOrders.orderId, paymentOrders.id))
          .where(where)
          .groupBy(beijingDay)
          .orderBy(desc(beijingDay))
          .limit(366),
        db
          .select({ n: count(), fen: fenSum(paymentOrders.amountFen) })
          .from(paymentOrders)
          .where(tipWhere),
      ]);
      return {
        rows,
        totals: { n: Number(totals?.n ?? 0), fen: Number(totals?.fen ?? 0) },
        byService: byService.map((r) => ({ serviceType: r.serviceType, title: r.title, n: Number(r.n), fen: Number(r.fen) })),
        byDay: byDay.map((r) => ({ day: r.day, n: Number(r.n), fen: Number(r.fen) })),
        tips: { n: Number(tips?.n ?? 0), fen: Number(tips?.fen ?? 0) },
      };
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
