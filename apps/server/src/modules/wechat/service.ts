import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PHONE_PATTERN,
  WECHAT_QR_TTL_SECONDS,
  WECHAT_SCOPE,
  normalizePhone,
  safeReturnPath,
  withQueryParam,
  type WechatQrStatusData,
} from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import type { UserRepository, WechatIdentityView } from '../auth';
import type { WechatConfig } from './config';
import { SANDBOX_WECHAT_PATH } from './config';
import { renderQrImage } from '../../lib/qr-image';
import { WechatApiError, type WechatOAuthClient, type WechatProfile } from './providers/types';
import type { QrIntent, QrStateRow, WechatRepository } from './repository';
import type { ModerationService } from '../moderation';

export interface WechatServiceDeps {
  config: WechatConfig;
  repo: WechatRepository;
  client: WechatOAuthClient;
  /** The official account's client (web authorization inside WeChat); null when none is configured. */
  oaClient: WechatOAuthClient | null;
  users: UserRepository;
  startSession: (user: UserRow, meta: RequestMeta) => Promise<{ user: UserRow; token: string }>;
  /** A WeChat nickname becomes the new account's username and is shown in the profile: it is checked like one. */
  moderation: Pick<ModerationService, 'check'>;
  /** Derives the one-time tickets, so the database never holds one in a usable form. */
  ticketKey: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Where the browser reached us, and our own loopback address when listening (server-to-server calls to the sandbox). */
export interface RequestUrls {
  origin: string;
  selfOrigin: string | null;
}

/** What the callback page says; `redirect` sends the browser on (a bind finished in the browser that started it). */
export interface CallbackOutcome {
  status: number;
  tone: 'ok' | 'err';
  title: string;
  message: string;
  redirect?: string;
}

const TTL_MS = WECHAT_QR_TTL_SECONDS * 1000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const WX_ERRORS: Record<number, string> = {
  40029: '授权码无效或已过期',
  40163: '授权码已被使用',
  40125: '网站应用密钥不正确',
  40013: '网站应用不存在',
};

interface StoredResult {
  profile: WechatProfile;
  salt?: string;
}

export const BOUND_ELSEWHERE = '该微信已绑定其他账号';
export const OTHER_WECHAT_BOUND = '您的账号已绑定其他微信，请先解绑';
export const BIND_ELSEWHERE = '绑定未完成：请在发起绑定的浏览器中扫码确认，二维码已失效，请重新获取';
export const OA_ELSEWHERE = '授权未完成：请在发起操作的微信中重新打开';
export const OA_UNAVAILABLE = '当前未开通微信内一键登录，请使用手机号登录';

/** What the page asks the official account for, and where the browser lands by default afterwards. */
export type OaIntent = 'login' | 'bind' | 'base';
const OA: Record<OaIntent, { intent: QrIntent; scope: string; landing: string }> = {
  // snsapi_userinfo: the unionid that links the person to the same account as the QR sign-in comes only with it.
  login: { intent: 'oa-login', scope: 'snsapi_userinfo', landing: '/login' },
  bind: { intent: 'oa-bind', scope: 'snsapi_userinfo', landing: '/profile' },
  // Silent: only the openid, which is all WeChat Pay JSAPI needs.
  base: { intent: 'oa-base', scope: 'snsapi_base', landing: '/' },
};
const isOa = (intent: string) => intent.startsWith('oa-');
/** The intent as the status answer names it: login, bind or base, whichever app it ran on. */
const publicIntent = (intent: string): WechatQrStatusData['intent'] =>
  intent === 'oa-base' ? 'base' : intent.endsWith('bind') ? 'bind' : 'login';

export function createWechatService(d: WechatServiceDeps) {
  const { config } = d;
  const sandboxPath = `/api${SANDBOX_WECHAT_PATH}`;
  const openBase = (u: RequestUrls) => config.openBaseUrl ?? `${u.origin}${sandboxPath}`;
  const apiBase = (u: RequestUrls) => config.apiBaseUrl ?? `${u.selfOrigin ?? u.origin}${sandboxPath}`;
  const redirectUri = (u: RequestUrls) => `${config.callbackBaseUrl ?? u.origin}/api/auth/wechat-callback`;
  const ticketFor = (state: string, salt: string) =>
    createHmac('sha256', d.ticketKey).update(`wechat-ticket|${state}|${salt}`).digest('base64url');
  const oaAppid = config.officialAccount?.appid ?? null;
  /** Identities of the official account are shown as 公众号, the website app's as 网站应用 (spec §2 profile). */
  const typeOf = (p: WechatProfile) => (oaAppid && p.appid === oaAppid ? 'mp' : config.appType);

  function isCreator(row: QrStateRow, creatorSecret: string | null) {
    return !!creatorSecret && sameDigest(row.creatorKey, sha256(creatorSecret));
  }

  async function validReferrer(raw: string | null | undefined): Promise<string | null> {
    const phone = raw ? normalizePhone(raw) : '';
    if (!PHONE_PATTERN.test(phone)) return null;
    return (await d.users.findByPhone(phone)) ? phone : null;
  }

  /** A new OAuth state; the creator's cookie secret is kept hashed. */
  async function newState(intent: QrIntent, userId: string | null, creatorSecret: string, returnTo: string | null = null) {
    const now = d.now();
    await d.repo.purgeExpired(now, new Date(now.getTime() - 86400_000));
    const state = randomBytes(16).toString('hex');
    await d.repo.createState({
      id: state,
      intent,
      creatorKey: sha256(creatorSecret),
      userId,
      returnTo,
      expiresAt: new Date(now.getTime() + TTL_MS),
      createdAt: now,
    });
    return state;
  }

  /** The code exchanged at WeChat, or what the page says when WeChat refused it or could not be reached. */
  async function exchange(
    client: WechatOAuthClient,
    urls: RequestUrls,
    code: string,
    userinfo: boolean,
  ): Promise<{ profile: WechatProfile } | { refused: { status: number; message: string } }> {
    try {
      const profile = await client.fetchProfile(apiBase(urls), code, { userinfo });
      // A nickname that fails moderation is dropped: the account is then called 微信用户, as when WeChat gives none.
      if (profile.nickname && (await d.moderation.check(profile.nickname, { scene: 'username' }))) profile.nickname = null;
      return { profile };
    } catch (err) {
      if (err instanceof WechatApiError) {
        d.log.warn({ errcode: err.errcode }, 'wechat code exchange refused');
        const retry = isOaClient(client) ? '请返回重试' : '请返回原页面重新扫码';
        return { refused: { status: 400, message: `${WX_ERRORS[err.errcode] ?? err.errmsg}（错误码 ${err.errcode}），${retry}` } };
      }
      d.log.error({ err: (err as Error).message }, 'wechat unavailable');
      return { refused: { status: 502, message: '暂时无法连接微信服务，请稍后重试' } };
    }
  }
  const isOaClient = (client: WechatOAuthClient) => client === d.oaClient;

  /** Attaches `profile` to the state's user; null on success, else why not (the state is marked failed). */
  async function bindIdentity(row: QrStateRow, userId: string, profile: WechatProfile, now: Date): Promise<string | null> {
    const owner = await d.repo.ownerOf(profile);
    const mine = await d.repo.listForUser(userId);
    let refusal: string | null = null;
    if (owner && owner.id !== userId) refusal = BOUND_ELSEWHERE;
    else if (mine.some((i) => i.unionid !== profile.unionid)) refusal = OTHER_WECHAT_BOUND;
    else if (!(await d.repo.attach(userId, profile, typeOf(profile)))) refusal = BOUND_ELSEWHERE;
    if (refusal) {
      await d.repo.markFailed(row.id, refusal, now);
      return refusal;
    }
    d.log.info({ userId }, 'wechat identity bound');
    return null;
  }

  /** Nothing of the person is kept on a finished bind or payer state: it lives in its own tables now. */
  const finish = (row: QrStateRow, now: Date) =>
    d.repo.markScanned(row.id, { ticket: null, result: null, expiresAt: new Date(now.getTime() + TTL_MS), now, consumed: true });

  /** A sign-in state waits for unified-login: the profile is kept with the digest of its one-time ticket. */
  async function holdForSignIn(row: QrStateRow, profile: WechatProfile, now: Date) {
    const salt = randomBytes(16).toString('hex');
    const stored: StoredResult = { profile, salt };
    return d.repo.markScanned(row.id, {
      ticket: sha256(ticketFor(row.id, salt)),
      result: stored,
      expiresAt: new Date(now.getTime() + TTL_MS),
      now,
      consumed: false,
    });
  }

  /**
   * The official account's redirect lands in the very browser that started it (inside WeChat): every outcome sends it
   * back to the page it came from with `wechat_oa=<state>`, where the page reads the result through the status call.
   */
  async function officialAccountCallback(row: QrStateRow, code: string | undefined, creatorSecret: string | null, urls: RequestUrls) {
    const now = d.now();
    const back: CallbackOutcome = {
      status: 302,
      tone: 'ok',
      title: '微信授权',
      message: '',
      redirect: withQueryParam(row.returnTo ?? OA.login.landing, 'wechat_oa', row.id),
    };
    // Someone else's state: finishing it would hand this WeChat person to whoever started it.
    if (!isCreator(row, creatorSecret)) {
      await d.repo.markFailed(row.id, OA_ELSEWHERE, now);
      return { status: 403, tone: 'err', title: '微信授权失败', message: OA_ELSEWHERE } satisfies CallbackOutcome;
    }
    if (row.status !== 'waiting' || row.expiresAt <= now) return back;
    if (!code) {
      await d.repo.markFailed(row.id, '你已取消微信授权', now);
      return back;
    }
    if (!d.oaClient) {
      await d.repo.markFailed(row.id, OA_UNAVAILABLE, now);
      return back;
    }
    const got = await exchange(d.oaClient, urls, code, row.intent !== 'oa-base');
    if ('refused' in got) {
      await d.repo.markFailed(row.id, got.refused.message, now);
      return back;
    }
    const { profile } = got;
    if (row.intent === 'oa-login') {
      await holdForSignIn(row, profile, now);
      return back;
    }
    const userId = row.userId;
    if (!userId) return back;
    if (row.intent === 'oa-bind' && (await bindIdentity(row, userId, profile, now))) return back;
    await d.repo.rememberOaOpenid(userId, profile.appid, profile.openid, now);
    await finish(row, now);
    return back;
  }

  return {
    /** A new OAuth state (= qr_code_id) for sign-in or, with a user, for binding, and the QR that shows it. */
    async createQr(intent: 'login' | 'bind', userId: string | null, creatorSecret: string, urls: RequestUrls) {
      const state = await newState(intent, userId, creatorSecret);
      const redirect_uri = redirectUri(urls);
      const qr_code_url = d.client.qrConnectUrl(openBase(urls), { redirectUri: redirect_uri, state, scope: WECHAT_SCOPE });
      return {
        appid: d.client.appid,
        redirect_uri,
        scope: WECHAT_SCOPE,
        state,
        qr_code_url,
        qr_image: await renderQrImage(qr_code_url),
        login_js_url: config.loginJsUrl,
        expires_in: WECHAT_QR_TTL_SECONDS,
      };
    },

    /**
     * Inside WeChat's browser: the official account's web authorization URL to send the browser to (one tap instead
     * of a QR nobody can scan with the phone showing it). login and bind ask snsapi_userinfo (the unionid links the
     * account); base is silent and only learns the openid for WeChat Pay JSAPI. Afterwards the browser returns to
     * `returnTo` (a same-site path) with `wechat_oa=<state>`.
     */
    async startOfficialAccount(kind: OaIntent, userId: string | null, creatorSecret: string, urls: RequestUrls, returnTo?: string | null) {
      if (!d.oaClient) throw new AppError(404, OA_UNAVAILABLE, 'OA_UNAVAILABLE');
      const back = returnTo ? safeReturnPath(returnTo) : OA[kind].landing;
      if (!back) throw badRequest('返回地址不正确');
      const state = await newState(OA[kind].intent, userId, creatorSecret, back);
      const redirect_uri = redirectUri(urls);
      const url = d.oaClient.authorizeUrl(openBase(urls), { redirectUri: redirect_uri, state, scope: OA[kind].scope });
      return { appid: d.oaClient.appid, scope: OA[kind].scope, redirect_uri, state, url, expires_in: WECHAT_QR_TTL_SECONDS };
    },

    /**
     * The openid the official account knows the person using this account by (WeChat Pay JSAPI's payer.openid), from
     * their latest authorization inside WeChat; null when there was none (start a silent one: intent base).
     */
    async officialAccountOpenid(userId: string): Promise<string | null> {
      return oaAppid ? d.repo.oaOpenidOf(userId, oaAppid) : null;
    },

    /** The redirect_uri: exchanges the code at once and records the person against the state (never the raw code). */
    async callback(q: { code?: string; state?: string }, creatorSecret: string | null, urls: RequestUrls): Promise<CallbackOutcome> {
      const now = d.now();
      const row = q.state && /^[0-9a-f]{32}$/.test(q.state) ? await d.repo.findState(q.state) : null;
      if (!row) return { status: 400, tone: 'err', title: '登录请求无效', message: '请返回原页面重新获取二维码' };
      if (isOa(row.intent)) return officialAccountCallback(row, q.code, creatorSecret, urls);
      if (row.status !== 'waiting') return { status: 409, tone: 'err', title: '二维码已使用', message: '请返回原页面查看结果' };
      if (row.expiresAt <= now)
        return { status: 410, tone: 'err', title: '二维码已过期', message: '二维码已过期，请返回原页面刷新后重新扫码' };
      if (!q.code) return { status: 200, tone: 'err', title: '已取消授权', message: '你已取消微信授权，可返回原页面重新扫码' };
      // A bind attaches whoever confirms to the account that asked, so it must finish in the browser that asked (its
      // creator cookie): a bind QR link sent to someone else would otherwise put their WeChat on the sender's account.
      // Refused before the code is exchanged, so nothing about that person is fetched or kept.
      if (row.intent === 'bind' && !isCreator(row, creatorSecret)) {
        await d.repo.markFailed(row.id, BIND_ELSEWHERE, now);
        return { status: 403, tone: 'err', title: '微信绑定失败', message: BIND_ELSEWHERE };
      }
      const got = await exchange(d.client, urls, q.code, true);
      if ('refused' in got) {
        const title = row.intent === 'bind' ? '微信绑定失败' : '微信登录失败';
        return { status: got.refused.status, tone: 'err', title, message: got.refused.message };
      }
      if (row.intent === 'bind' && row.userId) {
        const refusal = await bindIdentity(row, row.userId, got.profile, now);
        if (refusal) return { status: 409, tone: 'err', title: '微信绑定失败', message: refusal };
        await finish(row, now);
        return { status: 200, tone: 'ok', title: '微信绑定成功', message: '微信绑定成功，请返回原页面', redirect: '/profile?bind=success' };
      }
      if (!(await holdForSignIn(row, got.profile, now))) {
        return { status: 409, tone: 'err', title: '二维码已使用', message: '请返回原页面查看结果' };
      }
      return { status: 200, tone: 'ok', title: '登录成功', message: '登录成功，请返回原页面' };
    },

    /** Only the browser holding the creator secret learns anything about a state; everyone else gets the same 404. */
    async status(id: string, creatorSecret: string | null): Promise<WechatQrStatusData> {
      const row = await d.repo.findState(id);
      if (!row || !isCreator(row, creatorSecret)) throw notFound('二维码不存在或已失效');
      const intent = publicIntent(row.intent);
      if (row.status === 'failed') return { status: 'failed', intent, message: row.error ?? '微信登录失败' };
      if (row.expiresAt <= d.now() || (intent === 'login' && row.consumedAt)) return { status: 'expired', intent };
      if (row.status !== 'scanned') return { status: 'waiting', intent };
      if (intent === 'bind') return { status: 'scanned', intent, message: '微信绑定成功' };
      if (intent === 'base') return { status: 'scanned', intent, message: '已获取微信身份' };
      const { salt } = row.result as StoredResult;
      return { status: 'scanned', intent, code: ticketFor(row.id, salt!) };
    },

    /**
     * unified-login with login_type wechat: the ticket from a scanned QR (or an official-account authorization) signs in
     * the account that owns the WeChat person, or creates one without a phone (need_bind_phone). A referrer given at
     * that moment binds only if valid.
     */
    async signIn(ticket: string | undefined, referrerId: string | null | undefined, meta: RequestMeta) {
      if (!ticket) throw badRequest('微信登录凭证无效，请重新扫码');
      const now = d.now();
      const row = await d.repo.consumeTicket(sha256(ticket), now);
      if (!row) throw badRequest('微信登录凭证已失效，请重新扫码');
      const { profile } = row.result as StoredResult;
      let user = await d.repo.ownerOf(profile);
      if (user) {
        await d.repo.attach(user.id, profile, typeOf(profile));
      } else {
        user =
          (await d.repo.createUserWithIdentity(profile, typeOf(profile), await validReferrer(referrerId))) ??
          (await d.repo.ownerOf(profile));
        if (!user) throw new AppError(500, '微信登录失败', 'WECHAT_ACCOUNT');
        d.log.info({ userId: user.id }, 'account created by wechat sign-in');
      }
      // Signed in inside WeChat: this openid is the one a payment on this phone needs.
      if (profile.appid === oaAppid) await d.repo.rememberOaOpenid(user.id, profile.appid, profile.openid, now);
      return d.startSession(user, meta);
    },

    /** Unbinding must leave a way back in: only an account with a phone may drop its WeChat. */
    async unbind(user: UserRow) {
      if (!user.phone) throw badRequest('请先绑定手机号再解绑微信，否则将无法登录');
      if (!(await d.repo.detachAll(user.id))) throw badRequest('当前账号未绑定微信');
    },

    async identitiesOf(userId: string): Promise<WechatIdentityView[]> {
      return (await d.repo.listForUser(userId)).map((r) => ({
        appid: r.appid,
        openid: r.openid,
        unionid: r.unionid,
        wechatType: r.wechatType,
        nickname: r.nickname,
      }));
    },
  };
}
export type WechatService = ReturnType<typeof createWechatService>;
