import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bazi_charts_user_idx').on(t.userId, t.createdAt)],
);
