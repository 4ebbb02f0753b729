import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  accountExportLeases,
  auditLog,
  authSessions,
  baziCharts,
  baziPairings,
  chatGroundings,
  chatMessages,
  chatMessageVotes,
  chatSessions,
  chatUsageDays,
  aiDisclosureAcks,
  consentRecords,
  contactMessages,
  contentReports,
  deepEntitlements,
  emergencyAlerts,
  memoryItems,
  memorySettings,
  moderationEvents,
  passwordFailures,
  signInTickets,
  paymentOrders,
  safetySettings,
  serviceOrders,
  smsCodes,
  smsOutbox,
  tips,
  usageDays,
  usageStreaks,
  users,
  wechatIdentities,
  wechatOaOpenids,
  wechatQrStates,
} from './schema';

/**
 * Whose a phone column is: `owner` — the row owner's own number, copied when the row was written (it follows the
 * account when accounts are joined); `typed` — a number someone typed (a contact form, a referrer), which may be
 * anyone's; `key` — the table is about the number itself (codes sent to it), not about an account.
 */
export interface PhoneColumn {
  column: PgColumn;
  is: 'owner' | 'typed' | 'key';
}

/**
 * Joining a WeChat-only account into the account that owns the phone it binds (modules/account/merge.ts):
 * - `move`: the rows follow the person (user column → the kept account, `owner` phones → its phone);
 * - `drop`: the rows die with the joined account (sessions, locks, one-time credentials);
 * - `none`: nothing here is keyed to that account (tables keyed by phone: a WeChat-only account has none);
 * - `addUp`: per-key counters are summed into the kept account's rows (the daily bound must not reset);
 * - `moveIfAbsent`: a one-row-per-account table: the row follows the person unless the kept account has its own;
 * - `account`: the users table itself (the joined account's row is deleted last).
 * Whatever a rule leaves behind is deleted by ON DELETE CASCADE when the joined account's row goes, which is why
 * every table must be listed here: a forgotten table silently loses the person's rows.
 */
export type MergeRule = 'move' | 'moveIfAbsent' | 'drop' | 'none' | 'account' | { addUp: PgColumn[]; key: PgColumn[] };

/**
 * The personal-data export (PIPL Art. 45) writes the person's rows (by user column, by a `key` phone, or by their
 * WeChat ids) as `section`, minus `omit` (secrets and keys that act as credentials), paged by `order` (unique
 * together; the primary key when not given). `nestIn` writes the rows inside each row of another listed table
 * instead (messages inside their chat). `skip` says why a table is not exported. The users table is `account`.
 */
export type ExportRule =
  | 'account'
  | { skip: string }
  | { section: string; omit?: PgColumn[]; order?: PgColumn[] }
  | { nestIn: PgTable; link: PgColumn; as: string; omit?: PgColumn[]; order: PgColumn[] };

/**
 * Account deletion (PIPL Art. 47) of the person's rows: `delete`, or `anonymise` (kept as the law requires, with
 * the user column and `owner` phones cleared: payment records, E-Commerce Law Art. 31). `account`: the users row,
 * deleted last. Afterwards, rows of other people that still name the phone in an `owner` or `typed` column have it
 * cleared (null, or masked where the column is required): their rows stay, the number goes.
 */
export type EraseRule = 'delete' | 'anonymise' | 'account';

export interface UserDataTable {
  table: PgTable;
  /** The column holding the owner's user id. */
  user?: PgColumn;
  phones?: PhoneColumn[];
  /** Columns holding the owner's WeChat ids (openid, unionid): the ids other tables are matched by. */
  wechatIds?: PgColumn[];
  /** A JSON column holding a WeChat profile ({openid, unionid, …}) under `path`: rows matched by the owner's ids. */
  wechatProfileIn?: { column: PgColumn; path: string };
  merge: MergeRule;
  export: ExportRule;
  erase: EraseRule;
}

/**
 * Every table that holds data about a person, and how the WeChat account merge, the export and the erasure treat
 * it. user-data.test.ts fails when a table with a user, phone, openid or unionid column is missing from this list.
 */
export const USER_DATA: UserDataTable[] = [
  {
    table: users,
    user: users.id,
    phones: [
      { column: users.phone, is: 'owner' },
      { column: users.referrerPhone, is: 'typed' },
    ],
    merge: 'account',
    export: 'account',
    erase: 'account',
  },
  {
    table: authSessions,
    user: authSessions.userId,
    merge: 'drop',
    // Session ids are bearer-token material; the rest tells the person where and when they were signed in.
    export: { section: 'sessions', omit: [authSessions.id] },
    erase: 'delete',
  },
  { table: passwordFailures, user: passwordFailures.userId, merge: 'drop', export: { section: 'password_failures' }, erase: 'delete' },
  {
    table: signInTickets,
    user: signInTickets.userId,
    merge: 'drop',
    export: { skip: 'one-time sign-in credentials (hashes), gone within minutes' },
    erase: 'delete',
  },
  {
    table: accountExportLeases,
    user: accountExportLeases.userId,
    merge: 'drop',
    export: { skip: 'the export in progress itself' },
    erase: 'delete',
  },
  {
    table: wechatIdentities,
    user: wechatIdentities.userId,
    wechatIds: [wechatIdentities.openid, wechatIdentities.unionid],
    merge: 'move',
    export: { section: 'wechat_identities' },
    erase: 'delete',
  },
  {
    table: wechatOaOpenids,
    user: wechatOaOpenids.userId,
    wechatIds: [wechatOaOpenids.openid],
    // The joined account's payer openid is one silent authorization away from being learnt again.
    merge: 'drop',
    export: { section: 'wechat_oa_openids', order: [wechatOaOpenids.appid] },
    erase: 'delete',
  },
  {
    table: wechatQrStates,
    user: wechatQrStates.userId,
    wechatProfileIn: { column: wechatQrStates.result, path: 'profile' },
    merge: 'drop',
    // The state id is the OAuth state and the ticket a credential: neither is the person's data.
    export: { section: 'wechat_qr_states', omit: [wechatQrStates.id, wechatQrStates.creatorKey, wechatQrStates.ticket] },
    erase: 'delete',
  },
  { table: chatSessions, user: chatSessions.userId, merge: 'move', export: { section: 'chats' }, erase: 'delete' },
  {
    table: chatMessages,
    user: chatMessages.userId,
    merge: 'move',
    export: {
      nestIn: chatSessions,
      link: chatMessages.sessionId,
      as: 'messages',
      omit: [chatMessages.sessionId, chatMessages.turnToken],
      order: [chatMessages.orderNum],
    },
    erase: 'delete',
  },
  {
    table: chatMessageVotes,
    user: chatMessageVotes.userId,
    merge: 'move',
    export: { section: 'chat_message_votes', order: [chatMessageVotes.messageId] },
    erase: 'delete',
  },
  {
    table: chatUsageDays,
    user: chatUsageDays.userId,
    merge: { addUp: [chatUsageDays.tokens], key: [chatUsageDays.day] },
    export: { section: 'chat_usage_days', order: [chatUsageDays.day] },
    erase: 'delete',
  },
  // Long-term memory (ADR 025): the person's facts follow them; the switches of the kept account win over the joined one's.
  { table: memoryItems, user: memoryItems.userId, merge: 'move', export: { section: 'memory_items' }, erase: 'delete' },
  {
    table: memorySettings,
    user: memorySettings.userId,
    merge: 'moveIfAbsent',
    export: { section: 'memory_settings', order: [memorySettings.userId] },
    erase: 'delete',
  },
  { table: baziCharts, user: baziCharts.userId, merge: 'move', export: { section: 'bazi_charts' }, erase: 'delete' },
  { table: baziPairings, user: baziPairings.userId, merge: 'move', export: { section: 'bazi_pairings' }, erase: 'delete' },
  { table: chatGroundings, user: chatGroundings.userId, merge: 'move', export: { section: 'chat_groundings' }, erase: 'delete' },
  {
    table: paymentOrders,
    user: paymentOrders.userId,
    phones: [{ column: paymentOrders.userPhone, is: 'owner' }],
    merge: 'move',
    export: { section: 'payment_orders' },
    erase: 'anonymise',
  },
  {
    table: tips,
    user: tips.userId,
    phones: [{ column: tips.userPhone, is: 'owner' }],
    merge: 'move',
    export: { section: 'tips' },
    erase: 'anonymise',
  },
  // A paid deep service: what was bought and the no-refund consent are payment records (kept, anonymised); the
  // entitlement (its deep replies and 深度总结) is the person's and goes with them. Both follow a WeChat merge.
  {
    table: serviceOrders,
    user: serviceOrders.userId,
    merge: 'move',
    export: { section: 'service_orders' },
    erase: 'anonymise',
  },
  {
    table: deepEntitlements,
    user: deepEntitlements.userId,
    merge: 'move',
    export: { section: 'deep_entitlements' },
    erase: 'delete',
  },
  {
    // An operator's changes to what is sold stay on record (who changed a price is the shop's history), without them.
    table: auditLog,
    user: auditLog.actorId,
    phones: [{ column: auditLog.actorPhone, is: 'owner' }],
    merge: 'move',
    export: { section: 'admin_audit_log' },
    erase: 'anonymise',
  },
  {
    table: consentRecords,
    user: consentRecords.userId,
    // Signed-in consent carries the account's phone; a send-code consent (user null) names whatever number was typed.
    phones: [{ column: consentRecords.phone, is: 'owner' }],
    merge: 'move',
    export: { section: 'consent_records' },
    erase: 'delete',
  },
  {
    table: contactMessages,
    user: contactMessages.userId,
    phones: [{ column: contactMessages.phone, is: 'typed' }],
    merge: 'move',
    export: { section: 'contact_messages' },
    erase: 'delete',
  },
  {
    table: smsCodes,
    phones: [{ column: smsCodes.phone, is: 'key' }],
    merge: 'none',
    // The requesting IP may be anyone's (a stranger can ask for a code to any number); the hash is a credential.
    export: { section: 'sms_log', omit: [smsCodes.id, smsCodes.codeHash, smsCodes.ip] },
    erase: 'delete',
  },
  {
    table: smsOutbox,
    phones: [{ column: smsOutbox.phone, is: 'key' }],
    merge: 'none',
    export: { skip: 'the sandbox handset (development only): the texts are in sms_log' },
    erase: 'delete',
  },
  {
    table: safetySettings,
    user: safetySettings.userId,
    // Someone else's numbers: the guardian's and the emergency contact's.
    phones: [
      { column: safetySettings.guardianPhone, is: 'typed' },
      { column: safetySettings.emergencyPhone, is: 'typed' },
    ],
    merge: 'moveIfAbsent',
    export: { section: 'safety_settings' },
    erase: 'delete',
  },
  { table: usageStreaks, user: usageStreaks.userId, merge: 'drop', export: { section: 'usage_streaks' }, erase: 'delete' },
  {
    table: usageDays,
    user: usageDays.userId,
    merge: { addUp: [usageDays.seconds], key: [usageDays.day] },
    export: { section: 'usage_days', order: [usageDays.day] },
    erase: 'delete',
  },
  {
    table: aiDisclosureAcks,
    user: aiDisclosureAcks.userId,
    // Tied to a sign-in session, which the merge drops too.
    merge: 'drop',
    export: { section: 'ai_disclosure_acks', omit: [aiDisclosureAcks.sessionId] },
    erase: 'delete',
  },
  {
    table: moderationEvents,
    user: moderationEvents.userId,
    merge: 'move',
    export: { section: 'moderation_events' },
    // Records of refused content are kept for the retention period the privacy policy states, without the person.
    erase: 'anonymise',
  },
  {
    table: contentReports,
    user: contentReports.userId,
    merge: 'move',
    export: { section: 'content_reports', omit: [contentReports.resolverId] },
    erase: 'anonymise',
  },
  {
    table: emergencyAlerts,
    user: emergencyAlerts.userId,
    phones: [{ column: emergencyAlerts.contactPhone, is: 'typed' }],
    merge: 'move',
    export: { section: 'emergency_alerts' },
    erase: 'delete',
  },
];
