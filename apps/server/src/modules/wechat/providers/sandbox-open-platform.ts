import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { pageCsp } from '../html';
import { confirmPage, errorPage } from './sandbox-pages';
import { registerSandboxOfficialAccount } from './sandbox-official-account';
import { SANDBOX_PERSONAS, findPersona, freshPersona, openidFor, type SandboxPersona } from './sandbox-personas';

export interface SandboxOpenPlatformOptions {
  /** The website app (网站应用): QR sign-in through connect/qrconnect. */
  appid: string;
  secret: string;
  /** The official account (公众号) linked to the same Open Platform account: web authorization inside WeChat. */
  officialAccount?: { appid: string; secret: string } | null;
  now: () => Date;
  /** The app's registered callback domain; null accepts the host this fake is served under (same server). */
  registeredHost: string | null;
}

const CODE_TTL_MS = 5 * 60_000;
const QR_TTL_MS = 5 * 60_000;
const TOKEN_TTL_S = 7200;

export type SandboxScope = 'snsapi_login' | 'snsapi_base' | 'snsapi_userinfo';

interface Pending {
  redirectUri: string;
  state: string;
  expiresAt: number;
  /** The official account's page: the scope it was opened with. */
  scope?: SandboxScope;
}
interface IssuedCode {
  appid: string;
  scope: SandboxScope;
  persona: SandboxPersona;
  expiresAt: number;
  used: boolean;
}
interface IssuedToken {
  appid: string;
  scope: SandboxScope;
  persona: SandboxPersona;
  openid: string;
  expiresAt: number;
}

/** What the pages of both apps share: the authorization codes they hand out and the page helpers. */
export interface SandboxKit {
  now: () => number;
  registeredHost: string | null;
  sweep: () => void;
  pending: Map<string, Pending>;
  /** A single-use code for `persona` at `appid`, as WeChat appends it to the redirect_uri. */
  issueCode: (appid: string, scope: SandboxScope, persona: SandboxPersona, expired?: boolean) => string;
  html: (reply: FastifyReply, status: number, body: string) => FastifyReply;
}

const rid = () => randomBytes(6).toString('hex');
/** The real platform answers errors as HTTP 200 JSON typed text/plain; so does the fake. */
const wxError = (reply: FastifyReply, errcode: number, errmsg: string) =>
  reply.type('text/plain').send(JSON.stringify({ errcode, errmsg: `${errmsg}, rid: ${rid()}` }));

/**
 * A protocol-faithful fake of the WeChat Open Platform, mounted by this server in sandbox mode: the website app's
 * `connect/qrconnect` (the page a phone shows after scanning: pick a persona, confirm or cancel), the official
 * account's `connect/oauth2/authorize` (sandbox-official-account.ts), and `sns/*` for both (each app's secret checked;
 * single-use codes bound to the app they were issued for, with the real 40029/40163 errors; openid per appid, one
 * unionid per person; a snsapi_base token gets no userinfo). Tests may also run it alone on 127.0.0.1:0.
 */
export const sandboxOpenPlatform: FastifyPluginAsync<SandboxOpenPlatformOptions> = async (app, o) => {
  const apps = new Map<string, string>([[o.appid, o.secret]]);
  if (o.officialAccount) apps.set(o.officialAccount.appid, o.officialAccount.secret);
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
  const issueCode: SandboxKit['issueCode'] = (appid, scope, persona, expired = false) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { appid, scope, persona, expiresAt: expired ? now() - 1 : now() + CODE_TTL_MS, used: false });
    return code;
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
    if (!p || p.scope || p.expiresAt < now()) return html(reply, 410, errorPage('二维码已失效', '请在电脑上刷新二维码后重新扫码'));
    pending.delete(uuid);
    const target = new URL(p.redirectUri);
    // Deny: WeChat sends the browser back with the state only, no code.
    if (body.decision === 'deny') {
      target.searchParams.set('state', p.state);
      return reply.redirect(target.toString(), 302);
    }
    const persona = findPersona(body.persona ?? '');
    if (!persona) return html(reply, 400, errorPage('参数错误', '请选择一个微信身份'));
    target.searchParams.set('code', issueCode(o.appid, 'snsapi_login', persona, body.decision === 'expired-code'));
    target.searchParams.set('state', p.state);
    return reply.redirect(target.toString(), 302);
  });

  if (o.officialAccount) {
    registerSandboxOfficialAccount(app, o.officialAccount.appid, {
      now,
      registeredHost: o.registeredHost,
      sweep,
      pending,
      issueCode,
      html,
    });
  }

  app.get('/sns/oauth2/access_token', { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const secret = apps.get(q.appid ?? '');
    if (secret === undefined) return wxError(reply, 40013, 'invalid appid');
    if (q.secret !== secret) return wxError(reply, 40125, 'invalid appsecret');
    if (q.grant_type !== 'authorization_code') return wxError(reply, 40002, 'invalid grant_type');
    const c = codes.get(q.code ?? '');
    // A code is only good at the app it was issued for: another app's code is as unknown as a made-up one.
    if (!c || c.appid !== q.appid || c.expiresAt < now()) return wxError(reply, 40029, 'invalid code');
    if (c.used) return wxError(reply, 40163, 'code been used');
    c.used = true;
    const openid = openidFor(c.appid, c.persona);
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, { appid: c.appid, scope: c.scope, persona: c.persona, openid, expiresAt: now() + TOKEN_TTL_S * 1000 });
    return reply.type('text/plain').send(
      JSON.stringify({
        access_token: accessToken,
        expires_in: TOKEN_TTL_S,
        refresh_token: randomBytes(24).toString('base64url'),
        openid,
        scope: c.scope,
        // The official account's silent snsapi_base authorization yields the openid only.
        ...(c.scope === 'snsapi_base' ? {} : { unionid: c.persona.unionid }),
      }),
    );
  });

  app.get('/sns/userinfo', { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const t = tokens.get(q.access_token ?? '');
    if (!t) return wxError(reply, 40001, 'invalid credential, access_token is invalid or not latest');
    if (t.expiresAt < now()) return wxError(reply, 42001, 'access_token expired');
    if (q.openid !== t.openid) return wxError(reply, 40003, 'invalid openid');
    if (t.scope === 'snsapi_base') return wxError(reply, 48001, 'api unauthorized');
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
