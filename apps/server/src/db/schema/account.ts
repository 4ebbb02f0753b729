import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * At most one personal-data export per person at a time, across every instance: a row is the lease of the export in
 * progress (taken by a conditional upsert, released when the file has been sent, and void after expires_at should
 * its instance die mid-export).
 */
export const accountExportLeases = pgTable('account_export_leases', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
