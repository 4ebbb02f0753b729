import { z } from 'zod';
import { MSG, SMS_CODE_PATTERN, requiredString } from '../validation';
import { envelope } from './common';

/** Personal data rights beyond the spec (PIPL Art. 45 export, Art. 47 deletion). */

export const EXPORT_FORMAT_VERSION = 1;

export const deleteAccountBody = z.object({
  code: requiredString(MSG.codeRequired).pipe(z.string().regex(SMS_CODE_PATTERN, { error: MSG.codeSixDigits })),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;
export const deleteAccountResponse = envelope(z.object({ deleted_at: z.string() }));

/** Top-level sections of GET /api/account/export; each section is the rows we hold, with field names as stored. */
export const accountExport = z.object({
  format_version: z.number().int(),
  exported_at: z.string(),
  account: z.record(z.string(), z.unknown()),
  sessions: z.array(z.record(z.string(), z.unknown())),
  wechat_identities: z.array(z.record(z.string(), z.unknown())),
  referrer: z.object({ referrer_phone: z.string().nullable(), referrals: z.array(z.record(z.string(), z.unknown())) }),
  chats: z.array(z.record(z.string(), z.unknown())),
  bazi_charts: z.array(z.record(z.string(), z.unknown())),
  /** Chat tokens used per day (Beijing time), the count the daily bound is checked against. */
  chat_usage_days: z.array(z.record(z.string(), z.unknown())),
  payments: z.object({ orders: z.array(z.record(z.string(), z.unknown())), tips: z.array(z.record(z.string(), z.unknown())) }),
  consent_records: z.array(z.record(z.string(), z.unknown())),
  sms_log: z.array(z.record(z.string(), z.unknown())),
  contact_messages: z.array(z.record(z.string(), z.unknown())),
});
export type AccountExport = z.infer<typeof accountExport>;
/** The answer of GET /account/export (sent as a pretty-printed file, so the route writes it itself). */
export const accountExportResponse = envelope(accountExport);
