import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const serviceTypes = pgTable('service_types', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  iconName: text('icon_name').notNull(),
  color: text('color').notNull(),
  feature: text('feature').notNull(),
  category: text('category').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
