import { createSign, createVerify, randomUUID, type KeyObject } from 'node:crypto';

/**
 * Alipay OpenAPI v3 signatures, from the gateway's side. Our client signs through the official alipay-sdk; these
 * helpers are what the sandbox gateway (and the tests) use to check the SDK's requests and to sign answers and
 * notifications the SDK (checkNotifySignV2) will accept. https://opendocs.alipay.com/open-v3/054q58
 */

const sign = (message: string, key: KeyObject) => createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
function verify(message: string, signature: string, key: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

export interface AlipayAuthorization {
  /** Everything between the scheme and ',sign=': the signed prefix of the string to sign. */
  authString: string;
  app_id: string;
  nonce: string;
  timestamp: string;
  sign: string;
}

/** `ALIPAY-SHA256withRSA app_id=…,nonce=…,timestamp=<ms>,sign=…`; null when malformed. */
export function parseAlipayAuthorization(header: string | undefined): AlipayAuthorization | null {
  const m = /^ALIPAY-SHA256withRSA (.+),sign=(.+)$/.exec(header ?? '');
  if (!m) return null;
  const fields = Object.fromEntries(m[1]!.split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
  if (!fields.app_id || !fields.nonce || !fields.timestamp) return null;
  return { authString: m[1]!, app_id: fields.app_id, nonce: fields.nonce, timestamp: fields.timestamp, sign: m[2]! };
}

/** Checks the SDK's request signature over `${authString}\n${METHOD}\n${path+query}\n${body}\n`. */
export const verifyAlipayRequest = (a: AlipayAuthorization, method: string, url: string, body: string, appPublicKey: KeyObject) =>
  verify(`${a.authString}\n${method.toUpperCase()}\n${url}\n${body}\n`, a.sign, appPublicKey);

/** Headers of a signed gateway answer: the SDK verifies `${timestamp}\n${nonce}\n${body}\n` with the Alipay public key. */
export function signAlipayResponse(body: string, alipayPrivateKey: KeyObject, now: Date) {
  const timestamp = String(now.getTime());
  const nonce = randomUUID();
  return {
    'alipay-timestamp': timestamp,
    'alipay-nonce': nonce,
    'alipay-signature': sign(`${timestamp}\n${nonce}\n${body}\n`, alipayPrivateKey),
  };
}

/** The notification's string to sign: every parameter but sign and sign_type, keys sorted, decoded values joined. */
export function notifySignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function signNotification(params: Record<string, string>, alipayPrivateKey: KeyObject): Record<string, string> {
  return { ...params, sign_type: 'RSA2', sign: sign(notifySignContent(params), alipayPrivateKey) };
}

/**
 * The gateway's check of a v2 page request (alipay.trade.wap.pay through gateway.do): every parameter but sign,
 * sign_type included, sorted by key, `k=v` joined with '&' over the decoded values, RSA2 with the app's public key.
 */
export function verifyGatewayRequest(params: Record<string, string>, appPublicKey: KeyObject): boolean {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return verify(content, params.sign ?? '', appPublicKey);
}
