import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { paymentConfig, paymentEnv } from './config';
import { readPrivateKey, readPublicKey, Secret } from './keys';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const works = (priv: ReturnType<typeof readPrivateKey>, pub: ReturnType<typeof readPublicKey>) =>
  createVerify('RSA-SHA256').update('x').verify(pub, createSign('RSA-SHA256').update('x').sign(priv, 'base64'), 'base64');
const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

describe('reading merchant keys', () => {
  it('reads PKCS#1 and PKCS#8 PEM, bare base64 DER (Alipay key tool) and one-line env values with \\n', () => {
    const pkcs1 = pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const pkcs8 = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const spki = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const rsaPub = pair.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    for (const priv of [pkcs1, pkcs8, bare(pkcs1), bare(pkcs8), pkcs8.replace(/\n/g, '\\n')]) {
      for (const pub of [spki, rsaPub, bare(spki), spki.replace(/\n/g, '\\n')])
        expect(works(readPrivateKey(priv), readPublicKey(pub))).toBe(true);
    }
    expect(() => readPrivateKey('not a key')).toThrow();
  });

  it('keeps a secret out of JSON, string and inspect output', () => {
    const s = new Secret('0123456789abcdef0123456789abcdef');
    expect(JSON.stringify({ s })).toBe('{"s":"[secret]"}');
    expect(`${s}`).toBe('[secret]');
    expect(inspect({ s })).not.toContain('0123');
    expect(s.reveal()).toBe('0123456789abcdef0123456789abcdef');
  });
});

describe('payment config', () => {
  const parse = (env: Record<string, string>) => paymentConfig(paymentEnv.parse(env));
  const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const pub = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const wechat = {
    PAY_MODE: 'live',
    PAY_NOTIFY_BASE_URL: 'https://pay.example.com',
    WECHATPAY_MCHID: '1900000001',
    WECHATPAY_APPID: 'wx0000000000000001',
    WECHATPAY_SERIAL_NO: 'abc123',
    WECHATPAY_PRIVATE_KEY: pem,
    WECHATPAY_APIV3_KEY: '0123456789abcdef0123456789abcdef',
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_01',
    WECHATPAY_PUBLIC_KEY: pub,
  };

  it('defaults to sandbox with a 15-minute order lifetime and needs no keys', () => {
    expect(parse({})).toMatchObject({ mode: 'sandbox', orderTtlMs: 900_000, sweepIntervalMs: 60_000, wechat: null, alipay: null });
  });

  it('enables in live mode exactly the providers that are configured, with both verification key kinds', () => {
    const c = parse({ ...wechat, WECHATPAY_PLATFORM_CERTS: JSON.stringify({ '5157f09e': pub }) });
    expect(c.wechat?.serialNo).toBe('ABC123');
    expect([...c.wechat!.verifyKeys.keys()].sort()).toEqual(['5157F09E', 'PUB_KEY_ID_01']);
    expect(c.alipay).toBeNull();
    expect(JSON.stringify(c)).not.toContain('0123456789abcdef');
  });

  it('stops start-up with a message naming what is missing or wrong', () => {
    expect(() => parse({ PAY_MODE: 'live' })).toThrow(/至少需要配置/);
    expect(() => parse({ ...wechat, PAY_NOTIFY_BASE_URL: '' })).toThrow(/PAY_NOTIFY_BASE_URL/);
    expect(() => parse({ ...wechat, WECHATPAY_APPID: '' })).toThrow(/WECHATPAY_APPID/);
    expect(() => parse({ ...wechat, WECHATPAY_APIV3_KEY: 'short' })).toThrow(/32字节/);
    expect(() => parse({ ...wechat, WECHATPAY_PRIVATE_KEY: 'garbage' })).toThrow(/WECHATPAY_PRIVATE_KEY 不是有效的 RSA 密钥/);
    expect(() => parse({ ...wechat, WECHATPAY_PUBLIC_KEY_ID: 'abc' })).toThrow(/PUB_KEY_ID_/);
    expect(() => parse({ ...wechat, ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: pem, ALIPAY_PUBLIC_KEY: pub })).toThrow(/ALIPAY_SELLER_ID/);
  });
});
