import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Long-term memory (issue #16, ADR 025): short facts about the user, each tagged with the persona kind it came from
 * (fortune, wellbeing, legal, growth, general). `source`: explicit (the user said 记住…), extracted (the memory job),
 * edited (the user changed it in 我的 → 记忆).
 */
export const memoryItems = pgTable(
  'memory_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    category: text('category').notNull(),
    source: text('source').notNull(),
    /** The session it came from (a reference only: deleting the chat keeps the fact, which the user manages here). */
    sessionId: text('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('memory_items_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A user's memory switches. No row: memory on for the ordinary personas, off for the wellbeing (psychology,
 * emotional) ones, whose memory is sensitive personal information (PIPL Art. 28–29) and needs its own consent.
 */
export const memorySettings = pgTable('memory_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  sensitiveEnabled: boolean('sensitive_enabled').notNull().default(false),
  /** When the separate consent to remember wellbeing conversations was given (also in consent_records). */
  sensitiveConsentAt: timestamp('sensitive_consent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
