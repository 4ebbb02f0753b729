import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** openid is per appid, unionid is shared across the Open Platform account: store both, look users up by unionid. */
export const wechatIdentities = pgTable(
  'wechat_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    appid: text('appid').notNull(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    wechatType: text('wechat_type').notNull().default('web'),
    nickname: text('nickname'),
    avatarUrl: text('avatar_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wechat_identities_app_openid_idx').on(t.appid, t.openid), index('wechat_identities_unionid_idx').on(t.unionid)],
);

/** QR sign-in/bind states live in the database so any instance can serve the callback and the polls. */
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wechat_qr_states_expiry_idx').on(t.expiresAt)],
);
