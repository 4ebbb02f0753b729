import { z } from 'zod';
import { unset, type ProviderStatus } from '../../lib/production-check';

/**
 * Environment variables of the wechat feature; merged into the one config parse in src/config.ts.
 * WECHAT_PROVIDER=sandbox (default) talks to the fake Open Platform this server mounts under /api/sandbox/wechat with
 * fixed test credentials; =wechat talks to open.weixin.qq.com / api.weixin.qq.com with WECHAT_APPID and WECHAT_SECRET.
 * Only these URLs and keys differ between the two; the sign-in code is the same.
 */
export const wechatEnv = z.object({
  WECHAT_PROVIDER: z.enum(['sandbox', 'wechat']).default('sandbox'),
  WECHAT_APPID: z.string().trim().min(1).optional(),
  WECHAT_SECRET: z.string().trim().min(1).optional(),
  WECHAT_OPEN_BASE_URL: z.string().url().optional(),
  WECHAT_API_BASE_URL: z.string().url().optional(),
  /** Where WeChat sends the browser back (its host must be the app's registered callback domain). */
  WECHAT_CALLBACK_BASE_URL: z.string().url().optional(),
  WECHAT_LOGIN_JS_URL: z.string().url().optional(),
  /**
   * The official account (服务号) whose web authorization (网页授权) signs people in inside WeChat's own browser and
   * yields the openid WeChat Pay JSAPI needs. Optional with WECHAT_PROVIDER=wechat: without it, WeChat's browser shows
   * the QR with 长按识别 instead of the one-tap sign-in.
   */
  WECHAT_MP_APPID: z.string().trim().min(1).optional(),
  WECHAT_MP_SECRET: z.string().trim().min(1).optional(),
});

/** The fake Open Platform's one registered website app. */
export const SANDBOX_WECHAT_APP = { appid: 'wxlingxisandbox001', secret: 'lingxi-sandbox-wechat-secret' } as const;
/** The fake's one official account (公众号), linked to the same Open Platform account: same unionids, other openids. */
export const SANDBOX_WECHAT_MP = { appid: 'wxlingxisandbox002', secret: 'lingxi-sandbox-mp-secret' } as const;
export const SANDBOX_WECHAT_PATH = '/sandbox/wechat';

const trimSlash = (s: string) => s.replace(/\/+$/, '');

/** The sandbox is this server's own fake Open Platform: anyone can sign in as any of its test personas. */
export function wechatProviders(e: z.infer<typeof wechatEnv>): ProviderStatus[] {
  const real = e.WECHAT_PROVIDER === 'wechat';
  return [
    {
      label: '微信扫码登录',
      real,
      missing: real ? [] : ['WECHAT_PROVIDER=wechat', ...unset(e, ['WECHAT_APPID', 'WECHAT_SECRET'] as const)],
    },
  ];
}

export function wechatConfig(e: z.infer<typeof wechatEnv> & { PUBLIC_BASE_URL?: string }) {
  const sandbox = e.WECHAT_PROVIDER === 'sandbox';
  if (!sandbox) {
    for (const k of ['WECHAT_APPID', 'WECHAT_SECRET'] as const) {
      if (!e[k]) throw new Error(`配置错误: WECHAT_PROVIDER=wechat 时必须设置 ${k}`);
    }
    if (!!e.WECHAT_MP_APPID !== !!e.WECHAT_MP_SECRET) {
      throw new Error('配置错误: WECHAT_MP_APPID 与 WECHAT_MP_SECRET 须同时设置（公众号网页授权）');
    }
  }
  const callback = e.WECHAT_CALLBACK_BASE_URL ?? e.PUBLIC_BASE_URL;
  return {
    provider: e.WECHAT_PROVIDER,
    appid: e.WECHAT_APPID ?? SANDBOX_WECHAT_APP.appid,
    secret: e.WECHAT_SECRET ?? SANDBOX_WECHAT_APP.secret,
    /** null: this server's own fake (browser-facing URLs from the request origin, server calls over loopback). */
    openBaseUrl: e.WECHAT_OPEN_BASE_URL ? trimSlash(e.WECHAT_OPEN_BASE_URL) : sandbox ? null : 'https://open.weixin.qq.com',
    apiBaseUrl: e.WECHAT_API_BASE_URL ? trimSlash(e.WECHAT_API_BASE_URL) : sandbox ? null : 'https://api.weixin.qq.com',
    /** null: the origin the browser used to reach us. */
    callbackBaseUrl: callback ? trimSlash(callback) : null,
    loginJsUrl: e.WECHAT_LOGIN_JS_URL ?? (sandbox ? null : 'https://res.wx.qq.com/connect/zh_CN/htmledition/js/wxLogin.js'),
    /** The fake Open Platform is mounted only in sandbox mode. */
    mountSandbox: sandbox,
    /** Our website app's identities are stored with this type (spec labels: web → 网站应用). */
    appType: 'web' as const,
    /**
     * The official account for web authorization inside WeChat (identities stored as type mp → 公众号); null when a
     * real deployment has none. Its pages live on the same open.weixin.qq.com host as qrconnect.
     */
    officialAccount: sandbox
      ? {
          appid: e.WECHAT_MP_APPID ?? SANDBOX_WECHAT_MP.appid,
          secret: e.WECHAT_MP_SECRET ?? SANDBOX_WECHAT_MP.secret,
          appType: 'mp' as const,
        }
      : e.WECHAT_MP_APPID && e.WECHAT_MP_SECRET
        ? { appid: e.WECHAT_MP_APPID, secret: e.WECHAT_MP_SECRET, appType: 'mp' as const }
        : null,
  };
}
export type WechatConfig = ReturnType<typeof wechatConfig>;
