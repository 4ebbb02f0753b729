import { date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authSessions, users } from './users';

/**
 * One row per account that declared an age or set an emergency contact (issue #13). A declared year that makes the
 * account a minor's puts it in minor mode; under 14 it needs a guardian whose phone was verified by SMS code.
 */
export const safetySettings = pgTable('safety_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  birthYear: smallint('birth_year'),
  ageDeclaredAt: timestamp('age_declared_at', { withTimezone: true }),
  /** The guardian's number (someone else's), verified by a code sent to it at guardianVerifiedAt. */
  guardianPhone: text('guardian_phone'),
  guardianVerifiedAt: timestamp('guardian_verified_at', { withTimezone: true }),
  emergencyName: text('emergency_name'),
  emergencyPhone: text('emergency_phone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Continuous use, tracked on the server across tabs and devices: every chat turn and every heartbeat of an open chat
 * extends the streak; a pause longer than SAFETY_IDLE_GAP_MINUTES starts a new one. The break reminder is due two hours
 * after the later of the streak's start and the last acknowledged reminder.
 */
export const usageStreaks = pgTable('usage_streaks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
  breakAckedAt: timestamp('break_acked_at', { withTimezone: true }),
});

/** Seconds of use per day (Beijing time): the minor-mode daily cap counts these. */
export const usageDays = pgTable(
  'usage_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** "你正在和AI对话" acknowledged, once per sign-in (anthropomorphic AI measures): gone with the session. */
export const aiDisclosureAcks = pgTable('ai_disclosure_acks', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => authSessions.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
});

/**
 * Text that failed moderation: who, when, where (scene), which category and which provider — never the text itself.
 * Kept for SAFETY_RETENTION_DAYS (the privacy policy's figure), then deleted; an erased account's rows lose their user.
 */
export const moderationEvents = pgTable(
  'moderation_events',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** question | answer | username | session_name | contact | report | emergency_name */
    scene: text('scene').notNull(),
    category: text('category').notNull(),
    provider: text('provider').notNull(),
    sessionId: text('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_events_created_idx').on(t.createdAt), index('moderation_events_user_idx').on(t.userId)],
);

/** 举报 of an AI reply, and how an administrator resolved it (the reporter sees the note). */
export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    sessionId: text('session_id').notNull(),
    orderNum: integer('order_num').notNull(),
    serviceType: text('service_type'),
    reason: text('reason').notNull(),
    detail: text('detail'),
    /** The reply as reported: evidence that outlives the user deleting the conversation. */
    replyExcerpt: text('reply_excerpt').notNull(),
    status: text('status').notNull().default('pending'),
    resolutionNote: text('resolution_note'),
    /** The staff account that resolved it (no foreign key: the record outlives staff changes). */
    resolverId: uuid('resolver_id'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_reports_once_idx').on(t.userId, t.sessionId, t.orderNum),
    index('content_reports_queue_idx').on(t.status, t.createdAt),
    index('content_reports_created_idx').on(t.createdAt),
  ],
);

/** Emergency-contact SMS sent after the user confirmed on the crisis card: the log the measures ask for. */
export const emergencyAlerts = pgTable(
  'emergency_alerts',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    contactPhone: text('contact_phone').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('emergency_alerts_user_idx').on(t.userId, t.createdAt)],
);

export type SafetySettingsRow = typeof safetySettings.$inferSelect;
export type ContentReportRow = typeof contentReports.$inferSelect;
