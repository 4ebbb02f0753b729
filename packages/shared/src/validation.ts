import { z } from 'zod';
import { MSG, PHONE_PATTERN, normalizePhone } from './rules/fields';

// The zod-free rules live in rules/ so the web can use them without bundling zod (ADR 008); re-exported unchanged.
export { MSG, PHONE_PATTERN, SMS_CODE_PATTERN, isValidPhone, maskPhone, normalizePhone } from './rules/fields';
export { RETURN_PATH_MAX, safeReturnPath, withQueryParam } from './rules/return-path';

/** A string field whose every failure (missing, wrong type, empty) reports `required`. */
export const requiredString = (required: string) => z.string({ error: required }).trim().min(1, { error: required });

export const phoneField = requiredString(MSG.phoneRequired)
  .transform(normalizePhone)
  .pipe(z.string().regex(PHONE_PATTERN, { error: MSG.phoneInvalid }));

/** Optional phone (referrer): '' and absent both mean none. */
export const optionalPhoneField = (invalid: string) =>
  z
    .string({ error: invalid })
    .trim()
    .transform((v) => normalizePhone(v))
    .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: invalid })
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .nullable()
    .transform((v) => v ?? undefined);
