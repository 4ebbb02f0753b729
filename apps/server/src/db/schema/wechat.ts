import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * openid is per appid, unionid is shared across the Open Platform account: store both, look users up by unionid.
 * One WeChat person (unionid) belongs to one account; the service enforces it (rows of other appids share the unionid).
 */
export const wechatIdentities = pgTable(
  'wechat_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appid: text('appid').notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    wechatType: text('wechat_type').notNull().default('web'),
    nickname: text('nickname'),
    avatarUrl: text('avatar_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wechat_identities_app_openid_idx').on(t.appid, t.openid),
    index('wechat_identities_unionid_idx').on(t.unionid),
    // /auth/me reads a user's identities on every call.
    index('wechat_identities_user_idx').on(t.userId),
  ],
);

/**
 * QR sign-in/bind states live in the database so any instance can serve the callback and the polls.
 * id is the OAuth `state` (128 random bits). creator_key and ticket hold SHA-256 digests, never the secrets:
 * the creator cookie proves which browser may read the result, the ticket is the one-time login credential.
 */
export const wechatQrStates = pgTable(
  'wechat_qr_states',
  {
    id: text('id').primaryKey(),
    intent: text('intent').notNull(),
    status: text('status').notNull().default('waiting'),
    creatorKey: text('creator_key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ticket: text('ticket'),
    result: jsonb('result'),
    error: text('error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wechat_qr_states_expiry_idx').on(t.expiresAt), uniqueIndex('wechat_qr_states_ticket_idx').on(t.ticket)],
);
