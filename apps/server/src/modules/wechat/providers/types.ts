/** What the Open Platform tells us about the person who confirmed the sign-in (sns/oauth2/access_token + sns/userinfo). */
export interface WechatProfile {
  appid: string;
  openid: string;
  unionid: string | null;
  nickname: string | null;
  avatarUrl: string | null;
}

/** An `{errcode, errmsg}` answer of the Open Platform (they arrive as HTTP 200). */
export class WechatApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`wechat errcode ${errcode}: ${errmsg}`);
  }
}

/** The provider could not be reached or answered something that is not the protocol. */
export class WechatUnavailableError extends Error {}

/**
 * The OAuth protocol of the website app (网站应用微信登录) and of the official account (公众号网页授权): the same
 * sns endpoints, each app with its own appid and secret. The base URLs are arguments because in sandbox mode they are
 * this server's own address, which is only known per request; in production they are the fixed WeChat hosts.
 */
export interface WechatOAuthClient {
  readonly appid: string;
  /** Website app: the page a QR shows (connect/qrconnect, scope snsapi_login). */
  qrConnectUrl(openBase: string, p: { redirectUri: string; state: string; scope: string }): string;
  /** Official account: web authorization inside WeChat (connect/oauth2/authorize, snsapi_base or snsapi_userinfo). */
  authorizeUrl(openBase: string, p: { redirectUri: string; state: string; scope: string }): string;
  /**
   * Exchanges a single-use code for the person's profile. Throws WechatApiError (40029, 40163, …) or
   * WechatUnavailableError. `userinfo: false` (a snsapi_base code) stops at the openid.
   */
  fetchProfile(apiBase: string, code: string, opts?: { userinfo?: boolean }): Promise<WechatProfile>;
}
