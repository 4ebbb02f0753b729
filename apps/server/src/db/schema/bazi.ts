import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A signed-in user's computed charts; the fortune-telling personas read the latest one as grounded context. */
export const baziCharts = pgTable(
  'bazi_charts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    input: jsonb('input').notNull(),
    result: jsonb('result').notNull(),
    /** The user's own label for the chart ('我', '妈妈'); null when not named. */
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bazi_charts_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A 合婚 of two of the user's charts. The second chart is usually another person's birth data, so the row is also the
 * record that the user confirmed that person's consent (when: partner_consent_at). Deleting either chart deletes it.
 */
export const baziPairings = pgTable(
  'bazi_pairings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chartId: uuid('chart_id')
      .notNull()
      .references(() => baziCharts.id, { onDelete: 'cascade' }),
    partnerChartId: uuid('partner_chart_id')
      .notNull()
      .references(() => baziCharts.id, { onDelete: 'cascade' }),
    partnerConsentAt: timestamp('partner_consent_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The chart indexes serve the ON DELETE CASCADE from bazi_charts (a deleted or pruned chart takes its pairings along).
  (t) => [
    index('bazi_pairings_user_idx').on(t.userId, t.createdAt),
    index('bazi_pairings_chart_idx').on(t.chartId),
    index('bazi_pairings_partner_idx').on(t.partnerChartId),
  ],
);
