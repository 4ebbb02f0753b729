import { z } from 'zod';
import { MSG, SMS_CODE_PATTERN, requiredString } from '../validation';
import { envelope } from './common';
import { aigcMetadata } from './safety';

/** Personal data rights beyond the spec (PIPL Art. 45 export, Art. 47 deletion). */

/** 2: one section per table of the server's list of personal data (db/user-data.ts), rows as stored. */
export const EXPORT_FORMAT_VERSION = 2;

export const deleteAccountBody = z.object({
  code: requiredString(MSG.codeRequired).pipe(z.string().regex(SMS_CODE_PATTERN, { error: MSG.codeSixDigits })),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;
export const deleteAccountResponse = envelope(z.object({ deleted_at: z.string() }));

const rows = z.array(z.record(z.string(), z.unknown()));

/**
 * GET /api/account/export: the account, the referrer relation, then one array per table that holds the person's data
 * (sessions, wechat_identities, wechat_qr_states, chats with their messages, bazi_charts, chat_usage_days,
 * payment_orders, tips, consent_records, contact_messages, sms_log, …), each row with its field names as stored.
 */
export const accountExport = z
  .object({
    format_version: z.number().int(),
    exported_at: z.string(),
    account: z.record(z.string(), z.unknown()),
    /** Explicit and implicit labels of the AI-generated messages inside (GB 45438-2025). */
    ai_content_notice: z.string().optional(),
    aigc: aigcMetadata.optional(),
    referrer: z.object({ referrer_phone: z.string().nullable(), referrals: rows }),
  })
  .catchall(rows);
export type AccountExport = z.infer<typeof accountExport>;
/** The answer of GET /account/export (sent as a pretty-printed file, so the route writes it itself). */
export const accountExportResponse = envelope(accountExport);
