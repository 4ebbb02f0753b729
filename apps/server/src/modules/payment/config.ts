import { X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { unset, type ProviderStatus } from '../../lib/production-check';
import { readPrivateKey, readPublicKey, Secret } from './keys';

const optional = z.string().trim().min(1).optional().catch(undefined);

/** Environment variables of the payment rails (tips and paid services); merged into the one config parse in src/config.ts. */
export const paymentEnv = z.object({
  PAY_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  PAY_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  PAY_NOTIFY_BASE_URL: z.string().url().optional(),
  PAY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  PAY_QUERY_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  PAY_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(5_000),
  WECHATPAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
  WECHATPAY_MCHID: optional,
  WECHATPAY_APPID: optional,
  WECHATPAY_SERIAL_NO: optional,
  WECHATPAY_PRIVATE_KEY: optional,
  WECHATPAY_PRIVATE_KEY_PATH: optional,
  WECHATPAY_APIV3_KEY: optional,
  WECHATPAY_PUBLIC_KEY_ID: optional,
  WECHATPAY_PUBLIC_KEY: optional,
  WECHATPAY_PUBLIC_KEY_PATH: optional,
  WECHATPAY_PLATFORM_CERTS: optional,
  WECHATPAY_PLATFORM_CERT_PATHS: optional,
  ALIPAY_ENDPOINT: z.string().url().default('https://openapi.alipay.com'),
  ALIPAY_APP_ID: optional,
  ALIPAY_PRIVATE_KEY: optional,
  ALIPAY_PRIVATE_KEY_PATH: optional,
  ALIPAY_PUBLIC_KEY: optional,
  ALIPAY_PUBLIC_KEY_PATH: optional,
  ALIPAY_SELLER_ID: optional,
});
type PaymentEnv = z.infer<typeof paymentEnv> & { PUBLIC_BASE_URL?: string };

export interface WechatPaySettings {
  baseUrl: string;
  mchid: string;
  appid: string;
  serialNo: string;
  privateKey: KeyObject;
  apiV3Key: Secret;
  /** Serial → key that may sign answers and callbacks: PUB_KEY_ID_… (WeChat Pay public key) and platform certificates. */
  verifyKeys: Map<string, KeyObject>;
  /** Sent as Wechatpay-Serial so WeChat signs answers with the public key rather than a platform certificate. */
  publicKeyId?: string;
  /**
   * A page that plays WeixinJSBridge's part for JSAPI payments in a browser without it: only the sandbox gateway has
   * one. Unset in live mode, where the payer's WeChat app pays through its own bridge.
   */
  jsapiBridgeUrl?: string;
}

export interface AlipaySettings {
  /** OpenAPI v3 (precreate, query, close); the page APIs (alipay.trade.wap.pay) go to `${endpoint}/gateway.do`. */
  endpoint: string;
  appId: string;
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
  sellerId: string;
}

const fail = (what: string): never => {
  throw new Error(`配置错误: ${what}`);
};

function keyText(e: PaymentEnv, name: keyof PaymentEnv, required: boolean): string | undefined {
  const inline = e[name] as string | undefined;
  const file = e[`${String(name)}_PATH` as keyof PaymentEnv] as string | undefined;
  if (inline) return inline;
  if (file) {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return fail(`无法读取 ${String(name)}_PATH 指向的文件`);
    }
  }
  return required ? fail(`PAY_MODE=live 时需要设置 ${String(name)} 或 ${String(name)}_PATH`) : undefined;
}

function parseKey<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch {
    return fail(`${name} 不是有效的 RSA 密钥`);
  }
}

/** Platform certificates: a JSON map serial → PEM, and/or certificate files whose serial is read from the certificate. */
function platformKeys(e: PaymentEnv): [string, KeyObject][] {
  const out: [string, KeyObject][] = [];
  if (e.WECHATPAY_PLATFORM_CERTS) {
    let map: Record<string, string>;
    try {
      map = z.record(z.string(), z.string()).parse(JSON.parse(e.WECHATPAY_PLATFORM_CERTS));
    } catch {
      return fail('WECHATPAY_PLATFORM_CERTS 应为 {"序列号":"PEM"} 形式的 JSON');
    }
    for (const [serial, pem] of Object.entries(map))
      out.push([serial.toUpperCase(), parseKey('WECHATPAY_PLATFORM_CERTS', () => readPublicKey(pem))]);
  }
  for (const file of (e.WECHATPAY_PLATFORM_CERT_PATHS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const cert = parseKey('WECHATPAY_PLATFORM_CERT_PATHS', () => new X509Certificate(readFileSync(file)));
    out.push([cert.serialNumber.toUpperCase(), cert.publicKey]);
  }
  return out;
}

function wechatSettings(e: PaymentEnv): WechatPaySettings | null {
  const required = ['WECHATPAY_MCHID', 'WECHATPAY_APPID', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_APIV3_KEY'] as const;
  if (!required.some((k) => e[k]) && !e.WECHATPAY_PRIVATE_KEY && !e.WECHATPAY_PRIVATE_KEY_PATH) return null;
  for (const k of required) if (!e[k]) fail(`配置了微信支付时必须设置 ${k}`);
  if (Buffer.byteLength(e.WECHATPAY_APIV3_KEY!, 'utf8') !== 32) fail('WECHATPAY_APIV3_KEY 必须是32字节的 APIv3 密钥');
  const verifyKeys = new Map<string, KeyObject>(platformKeys(e));
  const publicKeyText = keyText(e, 'WECHATPAY_PUBLIC_KEY', false);
  if (publicKeyText) {
    if (!e.WECHATPAY_PUBLIC_KEY_ID?.startsWith('PUB_KEY_ID_'))
      fail('设置 WECHATPAY_PUBLIC_KEY 时需要以 PUB_KEY_ID_ 开头的 WECHATPAY_PUBLIC_KEY_ID');
    verifyKeys.set(
      e.WECHATPAY_PUBLIC_KEY_ID!,
      parseKey('WECHATPAY_PUBLIC_KEY', () => readPublicKey(publicKeyText)),
    );
  }
  if (verifyKeys.size === 0)
    fail('微信支付需要 WECHATPAY_PUBLIC_KEY(_PATH) 或平台证书 WECHATPAY_PLATFORM_CERTS / WECHATPAY_PLATFORM_CERT_PATHS 以验证签名');
  return {
    baseUrl: e.WECHATPAY_BASE_URL.replace(/\/+$/, ''),
    mchid: e.WECHATPAY_MCHID!,
    appid: e.WECHATPAY_APPID!,
    serialNo: e.WECHATPAY_SERIAL_NO!.toUpperCase(),
    privateKey: parseKey('WECHATPAY_PRIVATE_KEY', () => readPrivateKey(keyText(e, 'WECHATPAY_PRIVATE_KEY', true)!)),
    apiV3Key: new Secret(e.WECHATPAY_APIV3_KEY!),
    verifyKeys,
    publicKeyId: publicKeyText ? e.WECHATPAY_PUBLIC_KEY_ID : undefined,
  };
}

function alipaySettings(e: PaymentEnv): AlipaySettings | null {
  if (!e.ALIPAY_APP_ID && !e.ALIPAY_PRIVATE_KEY && !e.ALIPAY_PRIVATE_KEY_PATH) return null;
  if (!e.ALIPAY_APP_ID) fail('配置了支付宝时必须设置 ALIPAY_APP_ID');
  if (!e.ALIPAY_SELLER_ID) fail('配置了支付宝时必须设置 ALIPAY_SELLER_ID（收款支付宝账号的 PID，用于核对异步通知）');
  return {
    endpoint: e.ALIPAY_ENDPOINT.replace(/\/+$/, ''),
    appId: e.ALIPAY_APP_ID!,
    privateKey: parseKey('ALIPAY_PRIVATE_KEY', () => readPrivateKey(keyText(e, 'ALIPAY_PRIVATE_KEY', true)!)),
    alipayPublicKey: parseKey('ALIPAY_PUBLIC_KEY', () => readPublicKey(keyText(e, 'ALIPAY_PUBLIC_KEY', true)!)),
    sellerId: e.ALIPAY_SELLER_ID!,
  };
}

/** What each live gateway still lacks; a key may come inline or as a file (`…_PATH`). */
function liveGatewayGaps(e: PaymentEnv) {
  const either = (name: 'WECHATPAY_PRIVATE_KEY' | 'WECHATPAY_PUBLIC_KEY' | 'ALIPAY_PRIVATE_KEY' | 'ALIPAY_PUBLIC_KEY') =>
    e[name] || e[`${name}_PATH`] ? [] : [`${name}(_PATH)`];
  const wechatVerify =
    e.WECHATPAY_PUBLIC_KEY || e.WECHATPAY_PUBLIC_KEY_PATH || e.WECHATPAY_PLATFORM_CERTS || e.WECHATPAY_PLATFORM_CERT_PATHS
      ? []
      : [...either('WECHATPAY_PUBLIC_KEY'), ...unset(e, ['WECHATPAY_PUBLIC_KEY_ID'] as const)];
  return {
    wechat: [
      ...unset(e, ['WECHATPAY_MCHID', 'WECHATPAY_APPID', 'WECHATPAY_SERIAL_NO', 'WECHATPAY_APIV3_KEY'] as const),
      ...either('WECHATPAY_PRIVATE_KEY'),
      ...wechatVerify,
    ],
    alipay: [...unset(e, ['ALIPAY_APP_ID', 'ALIPAY_SELLER_ID'] as const), ...either('ALIPAY_PRIVATE_KEY'), ...either('ALIPAY_PUBLIC_KEY')],
  };
}

/** The sandbox gateways are mounted by this server: anyone can mark an order paid on their pages. */
export function paymentProviders(e: PaymentEnv): ProviderStatus[] {
  if (e.PAY_MODE === 'live') return [{ label: '支付（微信支付/支付宝）', real: true, missing: [] }];
  const gaps = liveGatewayGaps(e);
  const gateway =
    gaps.wechat.length && gaps.alipay.length ? [`微信支付（${gaps.wechat.join(', ')}）或支付宝（${gaps.alipay.join(', ')}）`] : [];
  return [{ label: '支付（微信支付/支付宝）', real: false, missing: ['PAY_MODE=live', ...gateway] }];
}

/**
 * sandbox (the default): both providers are local fakes mounted by this server, with keys generated at first use.
 * live: each provider whose variables are set is enabled; keys are read and checked here so a bad one stops start-up.
 */
export function paymentConfig(e: PaymentEnv) {
  const live = e.PAY_MODE === 'live';
  const wechat = live ? wechatSettings(e) : null;
  const alipay = live ? alipaySettings(e) : null;
  const notifyBaseUrl = (e.PAY_NOTIFY_BASE_URL ?? e.PUBLIC_BASE_URL)?.replace(/\/+$/, '');
  if (live && !wechat && !alipay) fail('PAY_MODE=live 时至少需要配置微信支付（WECHATPAY_*）或支付宝（ALIPAY_*）之一');
  if (live && !notifyBaseUrl) fail('PAY_MODE=live 时需要 PAY_NOTIFY_BASE_URL 或 PUBLIC_BASE_URL（支付结果通知地址，需公网 HTTPS）');
  return {
    mode: e.PAY_MODE,
    orderTtlMs: e.PAY_ORDER_TTL_MINUTES * 60_000,
    /** Unset in sandbox: the notifications then go to this server's own listening address. */
    notifyBaseUrl,
    sweepIntervalMs: e.PAY_SWEEP_INTERVAL_MS,
    queryMinIntervalMs: e.PAY_QUERY_MIN_INTERVAL_MS,
    providerTimeoutMs: e.PAY_PROVIDER_TIMEOUT_MS,
    wechat,
    alipay,
  };
}
export type PaymentConfig = ReturnType<typeof paymentConfig>;
