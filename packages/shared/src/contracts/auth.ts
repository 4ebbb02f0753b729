import { z } from 'zod';
import { MSG, SMS_CODE_PATTERN, optionalPhoneField, phoneField, requiredString } from '../validation';
import { NAME_MIN, PASSWORD_MIN } from '../constants';
import { envelope } from './common';
import { birthYearField } from './safety';

export const smsPurpose = z.enum(['login', 'register', 'bind', 'delete', 'reset'], { error: '验证码类型不正确' });
export type SmsPurpose = z.infer<typeof smsPurpose>;
/** Every code the server sends: the public purposes, and 'guardian' (a minor's guardian, issue #13), sent only by the signed-in guardian endpoints. */
export type SmsCodePurpose = SmsPurpose | 'guardian';

const codeField = requiredString(MSG.codeRequired).pipe(z.string().regex(SMS_CODE_PATTERN, { error: MSG.codeSixDigits }));
/** The client sends this once the privacy box is ticked, so the server can record consent (PIPL Art. 14). */
const policyVersion = z.string().max(32).optional();

export const sendSmsCodeBody = z.object({ phone: phoneField, type: smsPurpose.default('login'), policy_version: policyVersion });
export type SendSmsCodeBody = z.input<typeof sendSmsCodeBody>;
export const sendSmsCodeResponse = envelope(z.object({ cooldown_seconds: z.number().int(), expires_in: z.number().int() }).nullable());

export const registerBody = z
  .object({
    name: requiredString(MSG.nameRequired).pipe(
      z.string().min(NAME_MIN, { error: MSG.nameMin }).max(32, { error: '用户名不能超过32个字符' }),
    ),
    phone: phoneField,
    code: codeField,
    password: requiredString(MSG.passwordMin).pipe(
      z.string().min(PASSWORD_MIN, { error: MSG.passwordMin }).max(64, { error: '密码不能超过64位' }),
    ),
    confirmPassword: requiredString(MSG.confirmRequired),
    referrer_id: optionalPhoneField(MSG.referrerInvalid),
    policy_version: policyVersion,
    /** Optional age declaration (issue #13): a year that makes the account a minor's puts it in minor mode. */
    birth_year: birthYearField.optional().nullable(),
  })
  .refine((b) => b.password === b.confirmPassword, { error: MSG.confirmMismatch, path: ['confirmPassword'] });
export type RegisterBody = z.input<typeof registerBody>;

export const loginType = z.enum(['phone', 'code', 'wechat'], { error: '登录方式不正确' });
export const unifiedLoginBody = z.object({
  login_type: loginType,
  phone: z.string().optional(),
  password: z.string().max(128, { error: '密码不能超过128位' }).optional(),
  code: z.string().max(512).optional(),
  referrer_id: z.string().max(20).optional().nullable(),
  wechat_type: z.string().max(20).optional(),
  policy_version: policyVersion,
});
export type UnifiedLoginBody = z.input<typeof unifiedLoginBody>;

export const passwordLoginBody = z.object({
  phone: phoneField,
  password: requiredString(MSG.passwordRequired).pipe(z.string().max(128, { error: '密码不能超过128位' })),
  policy_version: policyVersion,
});
export const codeLoginBody = z.object({
  phone: phoneField,
  code: requiredString(MSG.codeRequired).pipe(z.string().regex(SMS_CODE_PATTERN, { error: MSG.codeInvalid })),
});

export const wechatAccount = z.object({ wechat_type: z.string(), wechat_nickname: z.string().nullable(), appid: z.string().optional() });
export const userInfo = z.object({
  id: z.string(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  referrer_id: z.string().nullable(),
  openid: z.string().nullable(),
  unionid: z.string().nullable(),
  wechat_nickname: z.string().nullable(),
  binding_status: z.object({ has_wechat: z.boolean(), wechat_accounts: z.array(wechatAccount) }),
  is_admin: z.boolean(),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Login and register answer with the token at the top level, as the spec's clients read it. */
export const authResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  token: z.string(),
  user_info: userInfo,
  data: z.object({ token: z.string(), user_info: userInfo }),
});
export type AuthResponse = z.infer<typeof authResponse>;

export const meResponse = envelope(userInfo);

export const verifyPhoneBody = z.object({ phone: phoneField });
export const verifyPhoneResponse = envelope(z.object({ phone: z.string(), registered: z.boolean() }));

export const bindPhoneBody = z.object({
  phone: phoneField,
  password: z.string().max(128).optional(),
  code: requiredString(MSG.codeRequired).pipe(z.string().regex(SMS_CODE_PATTERN, { error: MSG.codeSixDigits })),
  token: z.string().max(4096).optional().nullable(),
});
export type BindPhoneBody = z.input<typeof bindPhoneBody>;
export const bindPhoneResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  token: z.string(),
  data: z.object({ token: z.string(), user_info: userInfo }),
});

export const updateProfileBody = z.object({
  username: requiredString(MSG.usernameMin).pipe(
    z.string().min(NAME_MIN, { error: MSG.usernameMin }).max(32, { error: '用户名不能超过32个字符' }),
  ),
});
export const updateProfileResponse = envelope(userInfo);

/** 忘记密码 (issue 19): the phone's reset code, then the new password twice; answers like a sign-in. */
export const resetPasswordBody = z
  .object({
    phone: phoneField,
    code: codeField,
    password: requiredString(MSG.passwordMin).pipe(
      z.string().min(PASSWORD_MIN, { error: MSG.passwordMin }).max(64, { error: '密码不能超过64位' }),
    ),
    confirmPassword: requiredString(MSG.confirmRequired),
    policy_version: policyVersion,
  })
  .refine((b) => b.password === b.confirmPassword, { error: MSG.confirmMismatch, path: ['confirmPassword'] });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/**
 * `?token=` links (spec §2) carry a one-time ticket, never a bearer token (issue 12 item 5): a signed-in user asks for
 * one, the page that opens the link spends it for a session of its own.
 */
export const signInTicketResponse = envelope(z.object({ ticket: z.string(), expires_in: z.number().int() }));
const TICKET_INVALID = '登录链接无效或已过期，请重新登录';
export const exchangeTicketBody = z.object({ ticket: requiredString(TICKET_INVALID).pipe(z.string().max(128, { error: TICKET_INVALID })) });
/** Asked by a signed-in page before it offers to switch: is the link's ticket for this very account? */
export const ticketOwnerResponse = envelope(z.object({ same_account: z.boolean() }));
