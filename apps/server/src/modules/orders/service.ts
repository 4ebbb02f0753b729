import {
  fenToYuan,
  ORDER_MSG,
  type AdminOrdersData,
  type CreatedOrder,
  type MyOrdersData,
  type OrderDetail,
  type PaymentMethod,
  type PaymentStatus,
  type TradeType,
} from '@lingxi/shared';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { PaymentEngine } from '../payment';
import type { ServiceTypeRepository } from '../service-types';
import { priceOrder } from './pricing';
import type { AdminOrderFilter, OrdersRepository, OrderView } from './repository';

const BEIJING_OFFSET_MS = 8 * 3_600_000;
/** 00:00 in Beijing of a YYYY-MM-DD day, as an instant. */
const beijingMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - BEIJING_OFFSET_MS);

export function toOrderDetail(v: OrderView): OrderDetail {
  const { order, service, deep } = v;
  return {
    order_id: order.id,
    status: order.status as PaymentStatus,
    service_type: service.serviceType,
    title: service.title,
    includes: service.includes,
    amount_fen: order.amountFen,
    amount: fenToYuan(order.amountFen),
    payment_method: order.method as PaymentMethod,
    trade_type: order.tradeType,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    expires_at: order.expiresAt.toISOString(),
    no_refund_consent_at: service.noRefundConsentAt.toISOString(),
    session_id: deep?.sessionId ?? null,
    remaining: deep ? deep.repliesLeft : null,
    replies_total: deep ? deep.repliesTotal : null,
  };
}

/**
 * Paid deep services (issue 14): an order priced on the server from the persona's offer, paid on the shared rails
 * (modules/payment), and granting its deep session in the transaction that marks it paid.
 */
export function createOrdersService(d: { repo: OrdersRepository; engine: PaymentEngine; offers: ServiceTypeRepository; now: () => Date }) {
  const { repo, engine } = d;
  engine.use({ key: 'service', fulfil: (tx, order, now) => repo.grantDeep(tx, order, now) });

  async function detail(user: UserRow, orderId: string): Promise<OrderDetail> {
    const v = await repo.findUserOrder(orderId, user.id);
    if (!v) throw notFound(ORDER_MSG.notFound);
    return toOrderDetail(v);
  }

  return {
    async create(
      user: UserRow,
      b: { service_type: string; payment_method: PaymentMethod; trade_type: TradeType; return_path?: string; no_refund_consent: true },
      meta: { origin: string; ip: string },
    ): Promise<CreatedOrder> {
      const offer = await d.offers.activeOffer(b.service_type);
      if (!offer) throw badRequest(ORDER_MSG.noOffer);
      const priced = priceOrder(offer, offer.personaTitle);
      const consentAt = d.now();
      const launch = await engine.create(user, {
        purpose: 'service',
        amountFen: priced.amountFen,
        method: b.payment_method,
        tradeType: b.trade_type,
        description: priced.description,
        origin: meta.origin,
        returnPath: b.return_path,
        payerIp: meta.ip,
        alongside: (tx, order) =>
          repo.insertServiceOrder(tx, {
            orderId: order.id,
            userId: user.id,
            serviceType: b.service_type,
            title: priced.title,
            replies: priced.replies,
            includes: priced.includes,
            consentAt,
          }),
      });
      return { ...launch, service_type: b.service_type };
    },

    /** The owner's order, settled with the provider while pending (the 3 s poll); 404 for anyone else. */
    async get(user: UserRow, orderId: string): Promise<OrderDetail> {
      await engine.ownSettled(user, 'service', orderId);
      return detail(user, orderId);
    },

    async mine(user: UserRow, q: { page: number; page_size: number; status: 'paid' | 'all' }): Promise<MyOrdersData> {
      const r = await repo.listUserOrders(user.id, { paidOnly: q.status === 'paid', page: q.page, pageSize: q.page_size });
      return { records: r.rows.map(toOrderDetail), total: r.total };
    },

    /** A fresh deep session for a paid order whose session the user deleted, while deep replies are left. */
    async reopen(user: UserRow, orderId: string): Promise<OrderDetail> {
      const current = await detail(user, orderId);
      if (current.status !== 'paid' || current.remaining === null) throw notFound(ORDER_MSG.notFound);
      if (current.session_id) throw conflict(ORDER_MSG.reopenNotNeeded);
      if (current.remaining <= 0) throw conflict(ORDER_MSG.reopenUsedUp);
      await repo.reopenSession(orderId, user.id, d.now());
      return detail(user, orderId);
    },

    async admin(q: {
      page: number;
      page_size: number;
      phone?: string;
      service_type?: string;
      from?: string;
      to?: string;
    }): Promise<AdminOrdersData> {
      const f: AdminOrderFilter = {
        phoneContains: q.phone || undefined,
        serviceType: q.service_type || undefined,
        from: q.from ? beijingMidnight(q.from) : undefined,
        until: q.to ? new Date(beijingMidnight(q.to).getTime() + 86_400_000) : undefined,
      };
      const r = await repo.adminOrders(f, q.page, q.page_size);
      const line = (n: number, fen: number) => ({ count: n, amount_fen: fen, amount: fenToYuan(fen) });
      return {
        records: r.rows.map((v) => ({
          order_id: v.order.id,
          user_phone: v.order.userPhone,
          service_type: v.service.serviceType,
          title: v.service.title,
          amount_fen: v.order.amountFen,
          amount: fenToYuan(v.order.amountFen),
          payment_method: v.order.method as PaymentMethod,
          trade_type: v.order.tradeType,
          paid_at: v.order.paidAt?.toISOString() ?? null,
          replies_total: v.deep?.repliesTotal ?? null,
          remaining: v.deep?.repliesLeft ?? null,
        })),
        total: r.totals.n,
        totals: line(r.totals.n, r.totals.fen),
        by_service: r.byService.map((s) => ({ service_type: s.serviceType, title: s.title, ...line(s.n, s.fen) })),
        by_day: r.byDay.map((s) => ({ day: s.day, ...line(s.n, s.fen) })),
        tips: line(r.tips.n, r.tips.fen),
      };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
