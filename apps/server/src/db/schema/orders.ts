import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { serviceTypes } from './catalog';
import { chatSessions } from './chat';
import { paymentOrders } from './payments';
import { users } from './users';

/**
 * A persona's paid deep service (深度服务) as the operator sells it: price, deep replies per purchase, what is
 * included, on/off. Seeded once per persona with defaults that never overwrite an operator's edit. Money is fen.
 */
export const serviceOffers = pgTable(
  'service_offers',
  {
    serviceType: text('service_type')
      .primaryKey()
      .references(() => serviceTypes.key, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    priceFen: integer('price_fen').notNull(),
    replies: integer('replies').notNull(),
    title: text('title').notNull(),
    includes: jsonb('includes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('service_offers_price_check', sql`${t.priceFen} between 1 and 100000`),
    check('service_offers_replies_check', sql`${t.replies} between 1 and 200`),
  ],
);

/**
 * What a paid-service order bought, fixed when it was placed (the offer may change later), and the payer's consent to
 * "付费服务即时生效，不支持退款". One row per payment_orders row of purpose 'service'; kept, anonymised, on erasure.
 */
export const serviceOrders = pgTable(
  'service_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => paymentOrders.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    serviceType: text('service_type').notNull(),
    title: text('title').notNull(),
    replies: integer('replies').notNull(),
    includes: jsonb('includes').$type<string[]>().notNull(),
    noRefundConsentAt: timestamp('no_refund_consent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_orders_user_idx').on(t.userId, t.createdAt), index('service_orders_type_idx').on(t.serviceType)],
);

/**
 * The deep replies a paid order grants, tied to the deep chat session opened for it. Written in the transaction that
 * marks the order paid (one per order: the unique order_id); counted down by the chat's final write only when a deep
 * reply completes (chat_finish_turn), never below zero.
 */
export const deepEntitlements = pgTable(
  'deep_entitlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id')
      .notNull()
      .references(() => paymentOrders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceType: text('service_type').notNull(),
    /** Null once the user deleted the session; a new one can be opened while replies are left. */
    sessionId: text('session_id').references(() => chatSessions.id, { onDelete: 'set null' }),
    repliesTotal: integer('replies_total').notNull(),
    repliesLeft: integer('replies_left').notNull(),
    summary: text('summary'),
    summaryAt: timestamp('summary_at', { withTimezone: true }),
    /** Summaries asked of the model so far (bounded: each one is a model call). */
    summariesMade: integer('summaries_made').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deep_entitlements_order_idx').on(t.orderId),
    uniqueIndex('deep_entitlements_session_idx').on(t.sessionId),
    index('deep_entitlements_user_idx').on(t.userId),
    check('deep_entitlements_left_check', sql`${t.repliesLeft} >= 0 and ${t.repliesLeft} <= ${t.repliesTotal}`),
  ],
);

/** Every operator change to what is sold (who, when, old → new). Kept, anonymised, when the operator's account goes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorPhone: text('actor_phone'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

export type ServiceOfferRow = typeof serviceOffers.$inferSelect;
export type ServiceOrderRow = typeof serviceOrders.$inferSelect;
export type DeepEntitlementRow = typeof deepEntitlements.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
