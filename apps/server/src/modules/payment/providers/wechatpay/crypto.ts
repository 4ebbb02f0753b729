import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

/**
 * WeChat Pay APIv3 signatures and notification encryption on node:crypto (there is no official Node SDK).
 * https://pay.weixin.qq.com/docs/merchant/development/interface-rules/signature-generation.html
 * https://pay.weixin.qq.com/docs/merchant/development/interface-rules/signature-verification.html
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** Answers and callbacks stamped further than this from our clock are refused (replay window). */
export const SIGNATURE_WINDOW_SECONDS = 300;
/** WeChat sends deliberately wrong signatures with this prefix to check that merchants really verify. */
const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';

export const nonceStr = (bytes = 16) => randomBytes(bytes).toString('hex').toUpperCase();
export const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** RFC 3339 in China time, as WeChat writes and expects times (time_expire, success_time): 2026-11-22T10:15:00+08:00. */
export const chinaTime = (d: Date) => `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

const rsaSign = (message: string, key: KeyObject) => createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
function rsaVerify(message: string, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** The string a merchant signs: `METHOD\nURL\ntimestamp\nnonce\nbody\n` (URL is path + query; GET has an empty body). */
export const requestMessage = (method: string, url: string, timestamp: string, nonce: string, body: string) =>
  `${method.toUpperCase()}\n${url}\n${timestamp}\n${nonce}\n${body}\n`;

/** The string WeChat Pay signs on answers and callbacks: `timestamp\nnonce\nbody\n` over the raw body bytes. */
export const responseMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

export interface MerchantSigner {
  mchid: string;
  serialNo: string;
  privateKey: KeyObject;
}

export function authorizationHeader(m: MerchantSigner, method: string, url: string, body: string, now: Date, nonce = nonceStr()): string {
  const timestamp = String(unixSeconds(now));
  const signature = rsaSign(requestMessage(method, url, timestamp, nonce, body), m.privateKey);
  return `${AUTH_SCHEMA} mchid="${m.mchid}",nonce_str="${nonce}",timestamp="${timestamp}",serial_no="${m.serialNo}",signature="${signature}"`;
}

export interface ParsedAuthorization {
  mchid: string;
  nonce_str: string;
  timestamp: string;
  serial_no: string;
  signature: string;
}

/** Reads an Authorization header back into its five fields (the fake's side of the protocol); null when malformed. */
export function parseAuthorization(header: string | undefined): ParsedAuthorization | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  const keys = ['mchid', 'nonce_str', 'timestamp', 'serial_no', 'signature'] as const;
  return keys.every((k) => fields[k]) ? (fields as unknown as ParsedAuthorization) : null;
}

export function verifyRequestSignature(a: ParsedAuthorization, method: string, url: string, body: string, key: KeyObject): boolean {
  return rsaVerify(requestMessage(method, url, a.timestamp, a.nonce_str, body), a.signature, key);
}

/** The four Wechatpay-* headers that sign an answer or a callback. */
export type WechatpaySignatureHeaders = {
  'wechatpay-timestamp': string;
  'wechatpay-nonce': string;
  'wechatpay-signature': string;
  'wechatpay-serial': string;
};

export function signResponse(body: string, serial: string, key: KeyObject, now: Date, nonce = nonceStr()): WechatpaySignatureHeaders {
  const timestamp = String(unixSeconds(now));
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSign(responseMessage(timestamp, nonce, body), key),
    'wechatpay-serial': serial,
  };
}

export type VerifyFailure = 'missing_headers' | 'signtest_probe' | 'unknown_serial' | 'stale_timestamp' | 'bad_signature';

/**
 * Verifies a WeChat Pay answer or callback over its raw body. `keys` maps a serial to its verification key: the
 * WeChat Pay public key under its PUB_KEY_ID_… and/or platform certificates under their serials (both are live while
 * a merchant migrates). Order of checks: a probe or an unknown key fails before any crypto, a stale stamp before the
 * signature, so a replayed old callback is refused even with a valid signature.
 */
export function verifyWechatpaySignature(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  keys: ReadonlyMap<string, KeyObject>,
  now: Date,
): { ok: true; serial: string } | { ok: false; reason: VerifyFailure } {
  const h = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const timestamp = h('wechatpay-timestamp');
  const nonce = h('wechatpay-nonce');
  const signature = h('wechatpay-signature');
  const serial = h('wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return { ok: false, reason: 'missing_headers' };
  if (signature.startsWith(SIGNTEST_PREFIX)) return { ok: false, reason: 'signtest_probe' };
  const key = keys.get(serial);
  if (!key) return { ok: false, reason: 'unknown_serial' };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(unixSeconds(now) - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS)
    return { ok: false, reason: 'stale_timestamp' };
  if (!rsaVerify(responseMessage(timestamp, nonce, rawBody), signature, key)) return { ok: false, reason: 'bad_signature' };
  return { ok: true, serial };
}

/** The encrypted part of a callback (resource_type "encrypt-resource"). */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

/** AEAD_AES_256_GCM with the APIv3 key: ciphertext is base64 of encrypted bytes followed by the 16-byte tag. */
export function decryptResource(r: EncryptedResource, apiV3Key: string): string {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${r.algorithm}`);
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const d = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  d.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  d.setAuthTag(data.subarray(-16));
  return Buffer.concat([d.update(data.subarray(0, -16)), d.final()]).toString('utf8');
}

export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  associatedData = 'transaction',
  nonce = nonceStr(6),
): EncryptedResource {
  const c = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  c.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([c.update(plaintext, 'utf8'), c.final(), c.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: 'transaction',
  };
}

/**
 * The JSAPI pay sign (调起支付签名): RSA-SHA256 with the merchant key over `appId\ntimeStamp\nnonceStr\npackage\n`,
 * where package is `prepay_id=…`. https://pay.weixin.qq.com/docs/merchant/apis/jsapi-payment/jsapi-transfer-payment.html
 */
export const jsapiSignMessage = (appId: string, timeStamp: string, nonce: string, pkg: string) =>
  `${appId}\n${timeStamp}\n${nonce}\n${pkg}\n`;

export function signJsapi(appId: string, prepayId: string, key: KeyObject, now: Date, nonce = nonceStr()) {
  const timeStamp = String(unixSeconds(now));
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr: nonce,
    package: pkg,
    signType: 'RSA' as const,
    paySign: rsaSign(jsapiSignMessage(appId, timeStamp, nonce, pkg), key),
  };
}

/** The bridge's side: is this the merchant's signature over these parameters? */
export function verifyJsapiSign(
  p: { appId: string; timeStamp: string; nonceStr: string; package: string; paySign: string },
  merchantPublicKey: KeyObject,
): boolean {
  return rsaVerify(jsapiSignMessage(p.appId, p.timeStamp, p.nonceStr, p.package), p.paySign, merchantPublicKey);
}
