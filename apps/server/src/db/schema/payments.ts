import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per QR payment attempt; the id is the out_trade_no sent to the provider. Money is integer fen.
 * user_id is set null on account deletion: payment records are kept as the law requires, without personal fields.
 * status moves pending → paid | closed | expired exactly once, by conditional updates (WHERE status = 'pending').
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userPhone: text('user_phone'),
    /** What the payment buys: 'tip' (打赏) or 'service' (a deep service, detailed in service_orders). */
    purpose: text('purpose').notNull().default('tip'),
    method: text('method').notNull(),
    tradeType: text('trade_type').notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: text('status').notNull().default('pending'),
    /** The provider's pay handle: code_url (NATIVE), h5_url (H5), the cashier URL (WAP) or prepay_id (JSAPI). */
    codeUrl: text('code_url'),
    providerTradeNo: text('provider_trade_no'),
    /** The verified provider record that settled the order (notification resource or query answer), minus payer ids. */
    providerPayload: jsonb('provider_payload'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the provider was last asked about this order: a lease that keeps polls and the sweep from hammering it. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    index('payment_orders_status_idx').on(t.status, t.expiresAt),
    index('payment_orders_paid_idx').on(t.purpose, t.paidAt),
    uniqueIndex('payment_orders_provider_trade_idx').on(t.method, t.providerTradeNo),
    check('payment_orders_status_check', sql`${t.status} in ('pending', 'paid', 'closed', 'expired')`),
    check('payment_orders_purpose_check', sql`${t.purpose} in ('tip', 'service')`),
    check('payment_orders_amount_check', sql`${t.amountFen} >= 1`),
    check('payment_orders_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
  ],
);

/** A tip exists only for a verified payment: one per paid order, written in the same transaction as the order's transition. */
export const tips = pgTable(
  'tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userPhone: text('user_phone'),
    amountFen: integer('amount_fen').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tips_order_idx').on(t.orderId),
    index('tips_user_idx').on(t.userId, t.createdAt),
    index('tips_created_idx').on(t.createdAt),
    check('tips_amount_check', sql`${t.amountFen} >= 1`),
  ],
);

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type TipRow = typeof tips.$inferSelect;
