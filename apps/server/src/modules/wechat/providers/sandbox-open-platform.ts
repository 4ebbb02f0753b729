import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { pageCsp } from '../html';
import { confirmPage, errorPage } from './sandbox-pages';
import { SANDBOX_PERSONAS, findPersona, freshPersona, openidFor, type SandboxPersona } from './sandbox-personas';

export interface SandboxOpenPlatformOptions {
  appid: string;
  secret: string;
  now: () => Date;
  /** The app's registered callback domain; null accepts the host this fake is served under (same server). */
  registeredHost: string | null;
}

const CODE_TTL_MS = 5 * 60_000;
const QR_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 7200;

interface Pending {
  redirectUri: string;
  state: string;
  expiresAt: number;
}
interface IssuedCode {
  persona: SandboxPersona;
  expiresAt: number;
  used: boolean;
}
interface IssuedToken {
  persona: SandboxPersona;
  openid: string;
  expiresAt: number;
}

const rid = () => randomBytes(6).toString('hex');
/** The real platform answers errors as HTTP 200 JSON typed text/plain; so does the fake. */
const wxError = (reply: FastifyReply, errcode: number, errmsg: string) =>
  reply.type('text/plain').send(JSON.stringify({ errcode, errmsg: `${errmsg}, rid: ${rid()}` }));

/**
 * A protocol-faithful fake of the WeChat Open Platform's website-app login, mounted by this server in sandbox mode:
 * `connect/qrconnect` (the page a phone shows after scanning: pick a persona, confirm or cancel) and `sns/*`
 * (secret checked; single-use codes with the real 40029/40163 errors; openid per appid, one unionid per person).
 * Tests may also run it alone on 127.0.0.1:0.
 */
export const sandboxOpenPlatform: FastifyPluginAsync<SandboxOpenPlatformOptions> = async (app, o) => {
  const pending = new Map<string, Pending>();
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedToken>();
  const now = () => o.now().getTime();
  const sweep = () => {
    const t = now();
    for (const m of [pending, codes, tokens] as Map<string, { expiresAt: number }>[]) {
      if (m.size > 1000) for (const [k, v] of m) if (v.expiresAt < t - CODE_TTL_MS) m.delete(k);
    }
  };

  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
  }

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-security-policy', pageCsp())
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);

  /** Answers the check WeChat makes before showing a QR; null when the request is acceptable. */
  function refuse(q: Record<string, string | undefined>, servedHost: string): [string, string] | null {
    if (q.appid !== o.appid) return ['参数错误', 'appid 参数错误：该网站应用不存在'];
    if (q.response_type !== 'code') return ['参数错误', 'response_type 参数错误'];
    if (q.scope !== 'snsapi_login') return ['参数错误', 'scope 参数错误或没有 scope 权限'];
    if ((q.state ?? '').length > 128) return ['参数错误', 'state 参数过长'];
    let uri: URL;
    try {
      uri = new URL(q.redirect_uri ?? '');
    } catch {
      return ['参数错误', 'redirect_uri 参数错误'];
    }
    if (!/^https?:$/.test(uri.protocol) || uri.hostname !== (o.registeredHost ?? servedHost)) {
      return ['该链接无法访问', 'redirect_uri 与网站应用的授权回调域不一致'];
    }
    return null;
  }

  app.get('/connect/qrconnect', { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const refused = refuse(q, req.hostname);
    if (refused) return html(reply, 400, errorPage(...refused));
    sweep();
    const uuid = randomBytes(12).toString('hex');
    pending.set(uuid, { redirectUri: q.redirect_uri!, state: q.state ?? '', expiresAt: now() + QR_TTL_MS });
    const personas = [...SANDBOX_PERSONAS, freshPersona()];
    return html(
      reply,
      200,
      confirmPage({ action: `qrconnect/${uuid}`, appid: o.appid, personas, redirectHost: new URL(q.redirect_uri!).host }),
    );
  });

  app.post('/connect/qrconnect/:uuid', { schema: { hide: true } }, async (req, reply) => {
    const { uuid } = req.params as { uuid: string };
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    const p = pending.get(uuid);
    if (!p || p.expiresAt < now()) return html(reply, 410, errorPage('二维码已失效', '请在电脑上刷新二维码后重新扫码'));
    pending.delete(uuid);
    const target = new URL(p.redirectUri);
    // Deny: WeChat sends the browser back with the state only, no code.
    if (body.decision === 'deny') {
      target.searchParams.set('state', p.state);
      return reply.redirect(target.toString(), 302);
    }
    const persona = findPersona(body.persona ?? '');
    if (!persona) return html(reply, 400, errorPage('参数错误', '请选择一个微信身份'));
    const code = randomBytes(16).toString('hex');
    const expiresAt = body.decision === 'expired-code' ? now() - 1 : now() + CODE_TTL_MS;
    codes.set(code, { persona, expiresAt, used: false });
    target.searchParams.set('code', code);
    target.searchParams.set('state', p.state);
    return reply.redirect(target.toString(), 302);
  });

  app.get('/sns/oauth2/access_token', { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    if (q.appid !== o.appid) return wxError(reply, 40013, 'invalid appid');
    if (q.secret !== o.secret) return wxError(reply, 40125, 'invalid appsecret');
    if (q.grant_type !== 'authorization_code') return wxError(reply, 40002, 'invalid grant_type');
    const c = codes.get(q.code ?? '');
    if (!c || c.expiresAt < now()) return wxError(reply, 40029, 'invalid code');
    if (c.used) return wxError(reply, 40163, 'code been used');
    c.used = true;
    const openid = openidFor(o.appid, c.persona);
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, { persona: c.persona, openid, expiresAt: now() + TOKEN_TTL_S * 1000 });
    return reply.type('text/plain').send(
      JSON.stringify({
        access_token: accessToken,
        expires_in: TOKEN_TTL_S,
        refresh_token: randomBytes(24).toString('base64url'),
        openid,
        scope: 'snsapi_login',
        unionid: c.persona.unionid,
      }),
    );
  });

  app.get('/sns/userinfo', { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const t = tokens.get(q.access_token ?? '');
    if (!t) return wxError(reply, 40001, 'invalid credential, access_token is invalid or not latest');
    if (t.expiresAt < now()) return wxError(reply, 42001, 'access_token expired');
    if (q.openid !== t.openid) return wxError(reply, 40003, 'invalid openid');
    return reply.type('text/plain').send(
      JSON.stringify({
        openid: t.openid,
        nickname: t.persona.nickname,
        sex: 0,
        language: '',
        city: '',
        province: '',
        country: '',
        headimgurl: '',
        privilege: [],
        unionid: t.persona.unionid,
      }),
    );
  });

  app.get('/sns/auth', { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const t = tokens.get(q.access_token ?? '');
    if (!t || t.expiresAt < now() || t.openid !== q.openid) return wxError(reply, 40003, 'invalid openid');
    return reply.type('text/plain').send(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
  });
};
