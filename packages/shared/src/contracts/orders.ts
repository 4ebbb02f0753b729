import { z } from 'zod';
import {
  OFFER_INCLUDE_TEXT_MAX,
  OFFER_INCLUDES_MAX,
  OFFER_PRICE_MAX_FEN,
  OFFER_PRICE_MIN_FEN,
  OFFER_REPLIES_MAX,
  OFFER_REPLIES_MIN,
  OFFER_TITLE_MAX,
  ORDER_MSG,
} from '../rules/orders';
import { envelope } from './common';
import { paymentMethod, paymentOrder, paymentStatus, returnPathField, tradeTypeField } from './reward';

// The zod-free limits and texts live in rules/ so the web can use them without bundling zod (ADR 008).
export * from '../rules/orders';

const serviceTypeKey = z
  .string({ error: ORDER_MSG.noOffer })
  .trim()
  .min(1, { error: ORDER_MSG.noOffer })
  .max(64, { error: ORDER_MSG.noOffer });

/**
 * POST /api/orders. The price is the server's (the offer in the database); the client never sends one. Without the
 * payer's consent to "付费服务即时生效，不支持退款" there is no order.
 */
export const createOrderBody = z.object({
  service_type: serviceTypeKey,
  payment_method: paymentMethod,
  trade_type: tradeTypeField,
  return_path: returnPathField,
  no_refund_consent: z.literal(true, { error: ORDER_MSG.consent }),
});
export type CreateOrderBody = z.input<typeof createOrderBody>;
export const createdOrder = paymentOrder.extend({ service_type: z.string() });
export type CreatedOrder = z.infer<typeof createdOrder>;
export const createOrderResponse = envelope(createdOrder);

export const orderParams = z.object({ id: z.string().min(1).max(64, { error: ORDER_MSG.notFound }) });

/** One order as its owner sees it. `session_id` and `remaining` name the deep session and its deep replies left. */
export const orderDetail = z.object({
  order_id: z.string(),
  status: paymentStatus,
  service_type: z.string(),
  title: z.string(),
  includes: z.array(z.string()),
  amount_fen: z.number().int(),
  amount: z.number(),
  payment_method: paymentMethod,
  trade_type: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  expires_at: z.string(),
  no_refund_consent_at: z.string(),
  session_id: z.string().nullable(),
  remaining: z.number().int().nullable(),
  replies_total: z.number().int().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetail>;
export const orderDetailResponse = envelope(orderDetail);

const page = z.coerce.number({ error: '页码不正确' }).int({ error: '页码不正确' }).min(1, { error: '页码不正确' }).default(1);
const pageSize = (def: number) =>
  z.coerce
    .number({ error: '每页条数不正确' })
    .int({ error: '每页条数不正确' })
    .min(1, { error: '每页条数不正确' })
    .max(100, { error: '每页条数不能超过100' })
    .default(def);

/** 我的订单: paid orders by default (status=all also lists pending, closed and expired ones). */
export const myOrdersQuery = z.object({ page, page_size: pageSize(10), status: z.enum(['paid', 'all']).default('paid') });
export const myOrdersData = z.object({ records: z.array(orderDetail), total: z.number().int() });
export type MyOrdersData = z.infer<typeof myOrdersData>;
export const myOrdersResponse = envelope(myOrdersData);

/** POST /api/orders/{id}/session: a new deep session for a paid order whose session was deleted, while replies are left. */
export const reopenSessionResponse = envelope(orderDetail);

const dateField = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00+08:00`))) {
      ctx.addIssue({ code: 'custom', message: '日期格式应为 YYYY-MM-DD' });
      return z.NEVER;
    }
    return v;
  });

/** The operator's orders and revenue view: filters by phone, service and paid date (Beijing days, inclusive). */
export const adminOrdersQuery = z
  .object({
    page,
    page_size: pageSize(20),
    phone: z.string().trim().max(11, { error: '手机号最多11位' }).regex(/^\d*$/, { error: '手机号只能包含数字' }).optional(),
    service_type: z.string().trim().max(64).optional(),
    from: dateField,
    to: dateField,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: ORDER_MSG.dateRange, path: ['from'] });
export type AdminOrdersQuery = z.input<typeof adminOrdersQuery>;

export const adminOrderRecord = z.object({
  order_id: z.string(),
  user_phone: z.string().nullable(),
  service_type: z.string(),
  title: z.string(),
  amount_fen: z.number().int(),
  amount: z.number(),
  payment_method: paymentMethod,
  trade_type: z.string(),
  paid_at: z.string().nullable(),
  replies_total: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
});
export type AdminOrderRecord = z.infer<typeof adminOrderRecord>;
const revenueLine = z.object({ count: z.number().int(), amount_fen: z.number().int(), amount: z.number() });
export const adminOrdersData = z.object({
  records: z.array(adminOrderRecord),
  total: z.number().int(),
  totals: revenueLine,
  by_service: z.array(revenueLine.extend({ service_type: z.string(), title: z.string() })),
  /** Newest day first, Beijing time; at most 366 days. */
  by_day: z.array(revenueLine.extend({ day: z.string() })),
  /** Tips paid in the same date range, for comparison (not filtered by service). */
  tips: revenueLine,
});
export type AdminOrdersData = z.infer<typeof adminOrdersData>;
export const adminOrdersResponse = envelope(adminOrdersData);

/** The price editor: every persona's offer, on or off. */
export const adminOffer = z.object({
  service_type: z.string(),
  persona_title: z.string(),
  category: z.string(),
  enabled: z.boolean(),
  price_fen: z.number().int(),
  replies: z.number().int(),
  title: z.string(),
  includes: z.array(z.string()),
  updated_at: z.string(),
});
export type AdminOffer = z.infer<typeof adminOffer>;
export const adminOffersResponse = envelope(z.array(adminOffer));

export const offerParams = z.object({ key: serviceTypeKey });
export const updateOfferBody = z.object({
  enabled: z.boolean({ error: '请选择是否开启' }),
  price_fen: z
    .number({ error: ORDER_MSG.priceRange })
    .int({ error: ORDER_MSG.priceRange })
    .min(OFFER_PRICE_MIN_FEN, { error: ORDER_MSG.priceRange })
    .max(OFFER_PRICE_MAX_FEN, { error: ORDER_MSG.priceRange }),
  replies: z
    .number({ error: ORDER_MSG.repliesRange })
    .int({ error: ORDER_MSG.repliesRange })
    .min(OFFER_REPLIES_MIN, { error: ORDER_MSG.repliesRange })
    .max(OFFER_REPLIES_MAX, { error: ORDER_MSG.repliesRange }),
  title: z
    .string({ error: ORDER_MSG.titleRequired })
    .trim()
    .min(1, { error: ORDER_MSG.titleRequired })
    .max(OFFER_TITLE_MAX, { error: ORDER_MSG.titleTooLong }),
  includes: z
    .array(
      z
        .string({ error: ORDER_MSG.includeTooLong })
        .trim()
        .min(1, { error: ORDER_MSG.includesRange })
        .max(OFFER_INCLUDE_TEXT_MAX, { error: ORDER_MSG.includeTooLong }),
      { error: ORDER_MSG.includesRange },
    )
    .min(1, { error: ORDER_MSG.includesRange })
    .max(OFFER_INCLUDES_MAX, { error: ORDER_MSG.includesRange }),
});
export type UpdateOfferBody = z.input<typeof updateOfferBody>;
export const updateOfferResponse = envelope(adminOffer);

export const auditLogQuery = z.object({ page, page_size: pageSize(20) });
export const auditRecord = z.object({
  id: z.number().int(),
  actor_phone: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecord>;
export const auditLogResponse = envelope(z.object({ records: z.array(auditRecord), total: z.number().int() }));
