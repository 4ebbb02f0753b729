import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
 * OAuth states live in the database so any instance can serve the callback and the polls: the website app's QR
 * sign-in/bind (intent login, bind) and the official account's web authorization inside WeChat (oa-login, oa-bind,
 * oa-base). id is the OAuth `state` (128 random bits). creator_key and ticket hold SHA-256 digests, never the secrets:
 * the creator cookie proves which browser may read the result, the ticket is the one-time login credential.
 * return_to is the same-site path an official-account authorization sends the browser back to.
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
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wechat_qr_states_expiry_idx').on(t.expiresAt), uniqueIndex('wechat_qr_states_ticket_idx').on(t.ticket)],
);

/**
 * The openid the official account (公众号) sees for the person using this account inside WeChat: what WeChat Pay JSAPI
 * needs as payer.openid. One per account and official account, refreshed by every authorization there (sign-in, bind,
 * or the silent snsapi_base one a payment starts). Not a sign-in identity: a silent authorization says who holds the
 * phone, not that they own the account, so it never links a WeChat person to the account (wechat_identities does).
 */
export const wechatOaOpenids = pgTable(
  'wechat_oa_openids',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appid: text('appid').notNull(),
    openid: text('openid').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appid] })],
);
