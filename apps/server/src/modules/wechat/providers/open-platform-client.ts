import { WechatApiError, WechatUnavailableError, type WechatOAuthClient, type WechatProfile } from './types';

interface ClientOptions {
  appid: string;
  secret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * The real adapter: plain HTTPS calls to the Open Platform as documented
 * (https://developers.weixin.qq.com/doc/oplatform/developers/dev/auth/web.md). The sandbox's fake speaks the same
 * protocol, so this one client serves both.
 */
export function createOpenPlatformClient(o: ClientOptions): WechatOAuthClient {
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? 8000;

  async function getJson(url: string): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    } catch (err) {
      throw new WechatUnavailableError(`wechat request failed: ${(err as Error).message}`);
    }
    // WeChat answers JSON with a text/plain content type, so parse the text rather than trust the header.
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new WechatUnavailableError(`wechat answered HTTP ${res.status} with a non-JSON body`);
    }
    if (!body || typeof body !== 'object') throw new WechatUnavailableError('wechat answered an unexpected body');
    const b = body as Record<string, unknown>;
    if (typeof b.errcode === 'number' && b.errcode !== 0) throw new WechatApiError(b.errcode, String(b.errmsg ?? ''));
    if (!res.ok) throw new WechatUnavailableError(`wechat answered HTTP ${res.status}`);
    return b;
  }

  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

  return {
    appid: o.appid,
    qrConnectUrl(openBase, p) {
      const q = new URLSearchParams({ appid: o.appid, redirect_uri: p.redirectUri, response_type: 'code', scope: p.scope, state: p.state });
      return `${openBase}/connect/qrconnect?${q.toString()}#wechat_redirect`;
    },
    authorizeUrl(openBase, p) {
      // Parameter order matters to WeChat here: its docs warn that a reordered query shows an error page.
      const q = new URLSearchParams({ appid: o.appid, redirect_uri: p.redirectUri, response_type: 'code', scope: p.scope, state: p.state });
      return `${openBase}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
    },
    async fetchProfile(apiBase, code, opts = {}): Promise<WechatProfile> {
      const tq = new URLSearchParams({ appid: o.appid, secret: o.secret, code, grant_type: 'authorization_code' });
      const token = await getJson(`${apiBase}/sns/oauth2/access_token?${tq.toString()}`);
      const accessToken = str(token.access_token);
      const openid = str(token.openid);
      if (!accessToken || !openid) throw new WechatUnavailableError('access_token answer lacks access_token/openid');
      // snsapi_base: the openid is all there is (sns/userinfo would answer 48001), and that is all a payment needs.
      if (opts.userinfo === false) return { appid: o.appid, openid, unionid: str(token.unionid), nickname: null, avatarUrl: null };
      const uq = new URLSearchParams({ access_token: accessToken, openid, lang: 'zh_CN' });
      const info = await getJson(`${apiBase}/sns/userinfo?${uq.toString()}`);
      return {
        appid: o.appid,
        openid,
        // unionid comes with the token when the app belongs to an Open Platform account; userinfo repeats it.
        unionid: str(token.unionid) ?? str(info.unionid),
        nickname: str(info.nickname),
        avatarUrl: str(info.headimgurl),
      };
    },
  };
}
