import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { baziCharts, baziPairings } from './bazi';
import { chatSessions } from './chat';
import { users } from './users';

/**
 * What a chat session is grounded in, when it was started from a chart or a 合婚 (issue #15): a saved chart, with the
 * year and month of its timeline the user asked about, or a pairing. Sessions without a row use the latest chart.
 */
export const chatGroundings = pgTable(
  'chat_groundings',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    chartId: uuid('chart_id').references(() => baziCharts.id, { onDelete: 'cascade' }),
    pairingId: uuid('pairing_id').references(() => baziPairings.id, { onDelete: 'cascade' }),
    year: integer('year'),
    month: integer('month'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_groundings_user_idx').on(t.userId),
    // For the ON DELETE CASCADE from a deleted chart or pairing.
    index('chat_groundings_chart_idx').on(t.chartId),
    index('chat_groundings_pairing_idx').on(t.pairingId),
  ],
);
