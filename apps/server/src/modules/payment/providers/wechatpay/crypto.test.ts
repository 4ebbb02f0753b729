import { createDecipheriv, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorizationHeader,
  chinaTime,
  decryptResource,
  encryptResource,
  parseAuthorization,
  requestMessage,
  signResponse,
  verifyRequestSignature,
  verifyWechatpaySignature,
} from './crypto';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const wechatpay = rsa();
const platform = rsa();
const stranger = rsa();
const PUB_KEY_ID = 'PUB_KEY_ID_0114232134912410000000000000000001';
const CERT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const keys = new Map([
  [PUB_KEY_ID, wechatpay.publicKey],
  [CERT_SERIAL, platform.publicKey],
]);
const now = new Date('2026-11-22T02:00:00Z');
const apiV3Key = '0123456789abcdef0123456789abcdef';

describe('WeChat Pay request signature', () => {
  const signer = { mchid: '1900000001', serialNo: 'ABCDEF0123', privateKey: merchant.privateKey };

  it('signs METHOD\\nURL\\ntimestamp\\nnonce\\nbody\\n and names mchid, nonce, timestamp, serial', () => {
    expect(requestMessage('post', '/v3/pay/transactions/native', '1795312800', 'N1', '{"a":1}')).toBe(
      'POST\n/v3/pay/transactions/native\n1795312800\nN1\n{"a":1}\n',
    );
    const header = authorizationHeader(signer, 'POST', '/v3/pay/transactions/native', '{"a":1}', now, 'NONCE1');
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="NONCE1",timestamp="1795312800",serial_no="ABCDEF0123",signature="[A-Za-z0-9+/=]+"$/,
    );
    const a = parseAuthorization(header)!;
    expect(a).toMatchObject({ mchid: '1900000001', nonce_str: 'NONCE1', timestamp: '1795312800', serial_no: 'ABCDEF0123' });
    expect(verifyRequestSignature(a, 'POST', '/v3/pay/transactions/native', '{"a":1}', merchant.publicKey)).toBe(true);
  });

  it('fails verification when the method, URL, body or key differ', () => {
    const a = parseAuthorization(authorizationHeader(signer, 'GET', '/v3/x?mchid=1', '', now))!;
    expect(verifyRequestSignature(a, 'GET', '/v3/x?mchid=1', '', merchant.publicKey)).toBe(true);
    expect(verifyRequestSignature(a, 'POST', '/v3/x?mchid=1', '', merchant.publicKey)).toBe(false);
    expect(verifyRequestSignature(a, 'GET', '/v3/x?mchid=2', '', merchant.publicKey)).toBe(false);
    expect(verifyRequestSignature(a, 'GET', '/v3/x?mchid=1', ' ', merchant.publicKey)).toBe(false);
    expect(verifyRequestSignature(a, 'GET', '/v3/x?mchid=1', '', stranger.publicKey)).toBe(false);
    expect(parseAuthorization('Bearer x')).toBeNull();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1"')).toBeNull();
  });
});

describe('WeChat Pay answer and callback verification', () => {
  const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=abc"}';

  it('accepts a signature by the WeChat Pay public key and by a platform certificate, each under its serial', () => {
    expect(verifyWechatpaySignature(signResponse(body, PUB_KEY_ID, wechatpay.privateKey, now), body, keys, now)).toEqual({
      ok: true,
      serial: PUB_KEY_ID,
    });
    expect(verifyWechatpaySignature(signResponse(body, CERT_SERIAL, platform.privateKey, now), body, keys, now)).toEqual({
      ok: true,
      serial: CERT_SERIAL,
    });
  });

  it('refuses a forged signature, a changed body, an unknown serial and a key under the wrong serial', () => {
    const h = signResponse(body, PUB_KEY_ID, wechatpay.privateKey, now);
    expect(verifyWechatpaySignature(h, `${body} `, keys, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyWechatpaySignature(signResponse(body, PUB_KEY_ID, stranger.privateKey, now), body, keys, now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyWechatpaySignature(signResponse(body, CERT_SERIAL, wechatpay.privateKey, now), body, keys, now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyWechatpaySignature({ ...h, 'wechatpay-serial': 'PUB_KEY_ID_OTHER' }, body, keys, now)).toEqual({
      ok: false,
      reason: 'unknown_serial',
    });
    expect(verifyWechatpaySignature({ ...h, 'wechatpay-signature': undefined } as never, body, keys, now)).toEqual({
      ok: false,
      reason: 'missing_headers',
    });
  });

  it('refuses the WECHATPAY/SIGNTEST probe', () => {
    const h = signResponse(body, PUB_KEY_ID, wechatpay.privateKey, now);
    expect(
      verifyWechatpaySignature({ ...h, 'wechatpay-signature': `WECHATPAY/SIGNTEST/${h['wechatpay-signature']}` }, body, keys, now),
    ).toEqual({ ok: false, reason: 'signtest_probe' });
  });

  it('accepts timestamps within 300 s either way and refuses older or newer ones, even when correctly signed', () => {
    const at = (offsetSec: number) => signResponse(body, PUB_KEY_ID, wechatpay.privateKey, new Date(now.getTime() + offsetSec * 1000));
    expect(verifyWechatpaySignature(at(-299), body, keys, now).ok).toBe(true);
    expect(verifyWechatpaySignature(at(299), body, keys, now).ok).toBe(true);
    expect(verifyWechatpaySignature(at(-301), body, keys, now)).toEqual({ ok: false, reason: 'stale_timestamp' });
    expect(verifyWechatpaySignature(at(301), body, keys, now)).toEqual({ ok: false, reason: 'stale_timestamp' });
  });
});

describe('callback resource decryption (AEAD_AES_256_GCM with the APIv3 key)', () => {
  const plain = JSON.stringify({ out_trade_no: 'a1b2c3d4e5f6', trade_state: 'SUCCESS', amount: { total: 1999 } });

  it('decrypts what the integration notes decrypt, byte for byte', () => {
    const r = encryptResource(plain, apiV3Key);
    // The reference snippet from the research notes, kept verbatim in spirit.
    const b = Buffer.from(r.ciphertext, 'base64');
    const d = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key), r.nonce);
    d.setAAD(Buffer.from(r.associated_data!));
    d.setAuthTag(b.subarray(-16));
    const reference = Buffer.concat([d.update(b.subarray(0, -16)), d.final()]).toString();
    expect(decryptResource(r, apiV3Key)).toBe(plain);
    expect(reference).toBe(plain);
    expect(r.nonce).toHaveLength(12);
  });

  it('refuses a tampered ciphertext, a changed associated_data and the wrong key', () => {
    const r = encryptResource(plain, apiV3Key);
    const bytes = Buffer.from(r.ciphertext, 'base64');
    bytes[3] = bytes[3]! ^ 1;
    expect(() => decryptResource({ ...r, ciphertext: bytes.toString('base64') }, apiV3Key)).toThrow();
    expect(() => decryptResource({ ...r, associated_data: 'other' }, apiV3Key)).toThrow();
    expect(() => decryptResource(r, 'fedcba9876543210fedcba9876543210')).toThrow();
    expect(() => decryptResource({ ...r, algorithm: 'AEAD_CHACHA' }, apiV3Key)).toThrow(/unsupported/);
    expect(() => decryptResource({ ...r, ciphertext: 'AAAA' }, apiV3Key)).toThrow(/too short/);
  });
});

it('writes times in China time as WeChat expects (RFC 3339, +08:00)', () => {
  expect(chinaTime(new Date('2026-11-22T16:30:05.123Z'))).toBe('2026-11-23T00:30:05+08:00');
});
