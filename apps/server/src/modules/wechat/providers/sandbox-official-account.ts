import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxKit, SandboxScope } from './sandbox-open-platform';
import { authorizePage, errorPage, openInWechatPage } from './sandbox-pages';
import { SANDBOX_PERSONAS, findPersona, freshPersona } from './sandbox-personas';

/** Which WeChat user is signed in to "this phone's WeChat": the fake keeps it in a cookie of its own. */
export const SANDBOX_WECHAT_USER_COOKIE = 'sbx_wechat_user';
const PAGE_TTL_MS = 5 * 60_000;
const SCOPES = new Set<string>(['snsapi_base', 'snsapi_userinfo']);

function currentUser(req: FastifyRequest) {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === SANDBOX_WECHAT_USER_COOKIE && v) return findPersona(decodeURIComponent(v));
  }
  return null;
}

/**
 * The official account's web authorization (公众号网页授权), as WeChat's browser runs it: only inside WeChat (any other
 * browser gets 请在微信客户端打开链接), with the real checks and error codes (10003 callback domain, 10005 scope,
 * 10012 appid, 10013 state, 10016 a website appid). snsapi_base is silent once the fake knows who is signed in to
 * WeChat on this "phone"; snsapi_userinfo asks 允许 / 拒绝 every time. The first visit picks the WeChat user.
 */
export function registerSandboxOfficialAccount(app: FastifyInstance, appid: string, kit: SandboxKit) {
  /** The request WeChat would go on with, or the error page's title and text. */
  function check(
    q: Record<string, string | undefined>,
    servedHost: string,
  ): { refused: [string, string] } | { redirectUri: string; state: string; scope: SandboxScope } {
    const refused = refuse(q, servedHost);
    if (refused) return { refused };
    return { redirectUri: q.redirect_uri ?? '', state: q.state ?? '', scope: q.scope as SandboxScope };
  }

  function refuse(q: Record<string, string | undefined>, servedHost: string): [string, string] | null {
    if (!q.appid) return ['参数错误', 'appid不能为空（10012）'];
    if (q.appid !== appid) return ['参数错误', '不支持微信开放平台的Appid，请使用公众号Appid（10016）'];
    if (!q.redirect_uri) return ['参数错误', 'redirect_uri不能为空（10011）'];
    if (q.response_type !== 'code') return ['参数错误', 'response_type 参数错误'];
    if (!q.scope) return ['参数错误', 'scope不能为空（10010）'];
    if (!SCOPES.has(q.scope)) return ['参数错误', '此公众号并没有这些scope的权限（10005）'];
    if (!q.state) return ['参数错误', 'state不能为空（10013）'];
    if (q.state.length > 128) return ['参数错误', 'state 参数过长'];
    let uri: URL;
    try {
      uri = new URL(q.redirect_uri);
    } catch {
      return ['参数错误', 'redirect_uri 参数错误'];
    }
    if (!/^https?:$/.test(uri.protocol) || uri.hostname !== (kit.registeredHost ?? servedHost)) {
      return ['该链接无法访问', 'redirect_uri域名与后台配置不一致（10003）'];
    }
    return null;
  }

  const back = (redirectUri: string, state: string, code?: string) => {
    const target = new URL(redirectUri);
    if (code) target.searchParams.set('code', code);
    target.searchParams.set('state', state);
    return target.toString();
  };

  app.get('/connect/oauth2/authorize', { schema: { hide: true } }, async (req, reply) => {
    if (!/MicroMessenger/i.test(req.headers['user-agent'] ?? '')) return kit.html(reply, 200, openInWechatPage());
    const c = check(req.query as Record<string, string | undefined>, req.hostname);
    if ('refused' in c) return kit.html(reply, 400, errorPage(...c.refused));
    const { redirectUri, state, scope } = c;
    const me = currentUser(req);
    if (scope === 'snsapi_base' && me) {
      return reply.header('cache-control', 'no-store').redirect(back(redirectUri, state, kit.issueCode(appid, scope, me)), 302);
    }
    kit.sweep();
    const uuid = randomBytes(12).toString('hex');
    kit.pending.set(uuid, { redirectUri, state, scope, expiresAt: kit.now() + PAGE_TTL_MS });
    const personas = me ? [me, ...SANDBOX_PERSONAS.filter((p) => p.key !== me.key)] : [...SANDBOX_PERSONAS, freshPersona()];
    return kit.html(
      reply,
      200,
      authorizePage({
        action: `authorize/${uuid}`,
        appid,
        scope,
        personas,
        signedIn: !!me,
        redirectHost: new URL(redirectUri).host,
      }),
    );
  });

  app.post('/connect/oauth2/authorize/:uuid', { schema: { hide: true } }, async (req, reply) => {
    const { uuid } = req.params as { uuid: string };
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const p = kit.pending.get(uuid);
    if (!p?.scope || p.expiresAt < kit.now()) return kit.html(reply, 410, errorPage('页面已过期', '请返回重新进入'));
    kit.pending.delete(uuid);
    const persona = findPersona(body.persona ?? '');
    if (!persona) return kit.html(reply, 400, errorPage('参数错误', '请选择一个微信身份'));
    // Whoever was picked is now "signed in to WeChat" on this phone, for later silent authorizations.
    reply.header('set-cookie', `${SANDBOX_WECHAT_USER_COOKIE}=${encodeURIComponent(persona.key)}; Path=/; HttpOnly; SameSite=Lax`);
    if (body.decision === 'deny') return reply.redirect(back(p.redirectUri, p.state), 302);
    const code = kit.issueCode(appid, p.scope, persona, body.decision === 'expired-code');
    return reply.redirect(back(p.redirectUri, p.state, code), 302);
  });
}
