import { MSG, SMS_CODE_PATTERN, isValidPhone } from '@lingxi/shared/rules';

/** A field check: the Chinese message to show, or undefined when the value is fine. `values` is the whole form. */
export type Validator<V = Record<string, string>> = (value: string, values: V) => string | undefined;

/** Required; by default blanks count as empty ('   ' is no phone). Passwords pass `{ trim: false }`. */
export function required(message: string, { trim = true } = {}): Validator {
  return (value) => ((trim ? value.trim() : value) ? undefined : message);
}

/** The checks below pass an empty value: whether one is needed is `required`'s business, so only one message shows. */
export function minLength(min: number, message: string, { trim = true } = {}): Validator {
  return (value) => (!value || (trim ? value.trim() : value).length >= min ? undefined : message);
}

export function matches(pattern: RegExp, message: string): Validator {
  return (value) => (!value || pattern.test(value) ? undefined : message);
}

/** The server's phone rule ('+86 138-0013-8000' passes; both sides normalise it). */
export function phone(message: string = MSG.phoneInvalid): Validator {
  return (value) => (!value.trim() || isValidPhone(value) ? undefined : message);
}

export function sameAs<V extends Record<string, string>>(field: keyof V, message: string): Validator<V> {
  return (value, values) => (!value || value === values[field] ? undefined : message);
}

/** Spec §5's wording for the fields every sign-in form has. */
export const phoneChecks: Validator[] = [required(MSG.phoneRequired), phone()];
export const smsCodeChecks = (invalid: string): Validator[] => [required(MSG.codeRequired), matches(SMS_CODE_PATTERN, invalid)];
