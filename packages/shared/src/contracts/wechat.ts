import { z } from 'zod';
import { authResponse, userInfo } from './auth';
import { envelope } from './common';

/** WeChat website QR sign-in and binding (spec §3 WeChat QR data, §7 Auth WeChat calls). */

export const WECHAT_SCOPE = 'snsapi_login';
/** How long a QR (OAuth state) stays usable; the web's register tab gives up polling earlier (60 s, spec §9). */
export const WECHAT_QR_TTL_SECONDS = 300;

// The zod-free labels live in rules/ so the web can use them without bundling zod (ADR 008); re-exported unchanged.
export { WECHAT_TYPE_LABELS, wechatTypeLabel } from '../rules/wechat-labels';

/**
 * What the page needs to show a QR: the OAuth parameters (for the provider's wxLogin.js), the qrconnect URL, and the
 * same URL as a QR image. login_js_url is the provider script to embed; null means show qr_image and a link instead
 * (the sandbox's fake Open Platform has no script).
 */
const qrFields = {
  appid: z.string(),
  redirect_uri: z.string(),
  scope: z.string(),
  qr_code_url: z.string(),
  qr_image: z.string(),
  login_js_url: z.string().nullable(),
  expires_in: z.number().int(),
};
export const wechatQrCodeData = z.object({ ...qrFields, qr_code_id: z.string() });
export type WechatQrCodeData = z.infer<typeof wechatQrCodeData>;
/** The spec's client reads the fields either at the top level or under data; both are sent. */
export const wechatQrCodeResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: wechatQrCodeData,
  ...wechatQrCodeData.shape,
});

export const wechatQrStatusParams = z.object({ qr_code_id: z.string().regex(/^[0-9a-f]{32}$/, { error: '二维码不存在或已失效' }) });

/**
 * waiting → scanned | expired (spec). scanned carries `code`, a one-time sign-in ticket, for a login QR; a bind QR
 * reports scanned once the identity is attached, and failed with `message` when it could not be (e.g. bound elsewhere).
 */
export const wechatQrStatus = z.enum(['waiting', 'scanned', 'expired', 'failed']);
export type WechatQrStatus = z.infer<typeof wechatQrStatus>;
export const wechatQrStatusData = z.object({
  status: wechatQrStatus,
  /** base: the official account's silent authorization (the openid for WeChat Pay JSAPI), not a sign-in. */
  intent: z.enum(['login', 'bind', 'base']),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type WechatQrStatusData = z.infer<typeof wechatQrStatusData>;
/** status and code are repeated at the top level for the spec's client; message is the envelope's. */
export const wechatQrStatusResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  data: wechatQrStatusData,
  status: wechatQrStatus,
  code: z.string().optional(),
});

/** Spec §3 WeChat bind-start data: appid, scope (snsapi_login), redirect_uri, state; plus what the modal shows. */
export const wechatBindStartData = z.object({ ...qrFields, state: z.string() });
export type WechatBindStartData = z.infer<typeof wechatBindStartData>;
export const wechatBindStartResponse = envelope(wechatBindStartData);

/**
 * Inside WeChat's browser the official account's web authorization (公众号网页授权) replaces the QR: login and bind
 * (snsapi_userinfo) from the sign-in pages and the profile, base (snsapi_base, silent) before a WeChat Pay JSAPI payment.
 * return_to is the same-site path to come back to; the browser returns there with `wechat_oa=<state>` and reads the
 * outcome from wechat-qr-status/<state>.
 */
export const wechatOaAuthorizeBody = z.object({
  intent: z.enum(['login', 'bind', 'base'], { error: '授权类型不正确' }),
  return_to: z.string().max(512, { error: '返回地址不正确' }).optional().nullable(),
});
export type WechatOaAuthorizeBody = z.input<typeof wechatOaAuthorizeBody>;
export const wechatOaAuthorizeData = z.object({
  appid: z.string(),
  scope: z.string(),
  redirect_uri: z.string(),
  state: z.string(),
  /** The connect/oauth2/authorize address to send the browser to (location.assign). */
  url: z.string(),
  expires_in: z.number().int(),
});
export type WechatOaAuthorizeData = z.infer<typeof wechatOaAuthorizeData>;
export const wechatOaAuthorizeResponse = envelope(wechatOaAuthorizeData);

export const wechatCallbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(128).optional(),
});

/** unified-login answers like login, plus whether the account still needs a phone (a new WeChat sign-in). */
export const unifiedLoginResponse = authResponse.extend({ need_bind_phone: z.boolean() });
export type UnifiedLoginResponse = z.infer<typeof unifiedLoginResponse>;

export const wechatUnbindResponse = envelope(userInfo);
