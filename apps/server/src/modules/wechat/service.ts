import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PHONE_PATTERN, WECHAT_QR_TTL_SECONDS, WECHAT_SCOPE, normalizePhone, type WechatQrStatusData } from '@lingxi/shared';
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

export interface WechatServiceDeps {
  config: WechatConfig;
  repo: WechatRepository;
  client: WechatOAuthClient;
  users: UserRepository;
  startSession: (user: UserRow, meta: RequestMeta) => Promise<{ user: UserRow; token: string }>;
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

export function createWechatService(d: WechatServiceDeps) {
  const { config } = d;
  const sandboxPath = `/api${SANDBOX_WECHAT_PATH}`;
  const openBase = (u: RequestUrls) => config.openBaseUrl ?? `${u.origin}${sandboxPath}`;
  const apiBase = (u: RequestUrls) => config.apiBaseUrl ?? `${u.selfOrigin ?? u.origin}${sandboxPath}`;
  const redirectUri = (u: RequestUrls) => `${config.callbackBaseUrl ?? u.origin}/api/auth/wechat-callback`;
  const ticketFor = (state: string, salt: string) =>
    createHmac('sha256', d.ticketKey).update(`wechat-ticket|${state}|${salt}`).digest('base64url');

  function isCreator(row: QrStateRow, creatorSecret: string | null) {
    return !!creatorSecret && sameDigest(row.creatorKey, sha256(creatorSecret));
  }

  async function validReferrer(raw: string | null | undefined): Promise<string | null> {
    const phone = raw ? normalizePhone(raw) : '';
    if (!PHONE_PATTERN.test(phone)) return null;
    return (await d.users.findByPhone(phone)) ? phone : null;
  }

  async function bindIdentity(row: QrStateRow, profile: WechatProfile, now: Date): Promise<CallbackOutcome> {
    const userId = row.userId!;
    const owner = await d.repo.ownerOf(profile);
    const mine = await d.repo.listForUser(userId);
    let refusal: string | null = null;
    if (owner && owner.id !== userId) refusal = BOUND_ELSEWHERE;
    else if (mine.some((i) => i.unionid !== profile.unionid)) refusal = OTHER_WECHAT_BOUND;
    else if (!(await d.repo.attach(userId, profile, config.appType))) refusal = BOUND_ELSEWHERE;
    if (refusal) {
      await d.repo.markFailed(row.id, refusal, now);
      return { status: 409, tone: 'err', title: '微信绑定失败', message: refusal };
    }
    // Nothing of the person is kept on a bind state: their identity now lives in wechat_identities only.
    await d.repo.markScanned(row.id, {
      ticket: null,
      result: null,
      expiresAt: new Date(now.getTime() + TTL_MS),
      now,
      consumed: true,
    });
    d.log.info({ userId }, 'wechat identity bound');
    return { status: 200, tone: 'ok', title: '微信绑定成功', message: '微信绑定成功，请返回原页面', redirect: '/profile?bind=success' };
  }

  return {
    /** A new OAuth state (= qr_code_id) for sign-in or, with a user, for binding; the creator's cookie secret is kept hashed. */
    async createQr(intent: QrIntent, userId: string | null, creatorSecret: string, urls: RequestUrls) {
      const now = d.now();
      await d.repo.purgeExpired(now, new Date(now.getTime() - 86400_000));
      const state = randomBytes(16).toString('hex');
      await d.repo.createState({
        id: state,
        intent,
        creatorKey: sha256(creatorSecret),
        userId,
        expiresAt: new Date(now.getTime() + TTL_MS),
        createdAt: now,
      });
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

    /** The redirect_uri: exchanges the code at once and records the person against the state (never the raw code). */
    async callback(q: { code?: string; state?: string }, creatorSecret: string | null, urls: RequestUrls): Promise<CallbackOutcome> {
      const now = d.now();
      const row = q.state && /^[0-9a-f]{32}$/.test(q.state) ? await d.repo.findState(q.state) : null;
      if (!row) return { status: 400, tone: 'err', title: '登录请求无效', message: '请返回原页面重新获取二维码' };
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

      let profile: WechatProfile;
      try {
        profile = await d.client.fetchProfile(apiBase(urls), q.code);
      } catch (err) {
        if (err instanceof WechatApiError) {
          d.log.warn({ errcode: err.errcode }, 'wechat code exchange refused');
          return {
            status: 400,
            tone: 'err',
            title: '微信登录失败',
            message: `${WX_ERRORS[err.errcode] ?? err.errmsg}（错误码 ${err.errcode}），请返回原页面重新扫码`,
          };
        }
        d.log.error({ err: (err as Error).message }, 'wechat unavailable');
        return { status: 502, tone: 'err', title: '微信登录失败', message: '暂时无法连接微信服务，请稍后重试' };
      }

      if (row.intent === 'bind') return bindIdentity(row, profile, now);
      const salt = randomBytes(16).toString('hex');
      const stored: StoredResult = { profile, salt };
      const ok = await d.repo.markScanned(row.id, {
        ticket: sha256(ticketFor(row.id, salt)),
        result: stored,
        expiresAt: new Date(now.getTime() + TTL_MS),
        now,
        consumed: false,
      });
      if (!ok) return { status: 409, tone: 'err', title: '二维码已使用', message: '请返回原页面查看结果' };
      return { status: 200, tone: 'ok', title: '登录成功', message: '登录成功，请返回原页面' };
    },

    /** Only the browser holding the creator secret learns anything about a state; everyone else gets the same 404. */
    async status(id: string, creatorSecret: string | null): Promise<WechatQrStatusData> {
      const row = await d.repo.findState(id);
      if (!row || !isCreator(row, creatorSecret)) throw notFound('二维码不存在或已失效');
      const intent = row.intent as QrIntent;
      if (row.status === 'failed') return { status: 'failed', intent, message: row.error ?? '微信登录失败' };
      if (row.expiresAt <= d.now() || (intent === 'login' && row.consumedAt)) return { status: 'expired', intent };
      if (row.status !== 'scanned') return { status: 'waiting', intent };
      if (intent === 'bind') return { status: 'scanned', intent, message: '微信绑定成功' };
      const { salt } = row.result as StoredResult;
      return { status: 'scanned', intent, code: ticketFor(row.id, salt!) };
    },

    /**
     * unified-login with login_type wechat: the ticket from a scanned QR signs in the account that owns the WeChat
     * person, or creates one without a phone (need_bind_phone). A referrer given at that moment binds only if valid.
     */
    async signIn(ticket: string | undefined, referrerId: string | null | undefined, meta: RequestMeta) {
      if (!ticket) throw badRequest('微信登录凭证无效，请重新扫码');
      const row = await d.repo.consumeTicket(sha256(ticket), d.now());
      if (!row) throw badRequest('微信登录凭证已失效，请重新扫码');
      const { profile } = row.result as StoredResult;
      let user = await d.repo.ownerOf(profile);
      if (user) {
        await d.repo.attach(user.id, profile, config.appType);
      } else {
        user =
          (await d.repo.createUserWithIdentity(profile, config.appType, await validReferrer(referrerId))) ??
          (await d.repo.ownerOf(profile));
        if (!user) throw new AppError(500, '微信登录失败', 'WECHAT_ACCOUNT');
        d.log.info({ userId: user.id }, 'account created by wechat sign-in');
      }
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
