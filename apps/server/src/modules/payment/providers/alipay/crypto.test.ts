import { generateKeyPairSync } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { describe, expect, it } from 'vitest';
import { privatePem, publicPem } from '../../keys';
import { notifySignContent, parseAlipayAuthorization, signNotification, verifyAlipayRequest } from './crypto';

const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const gateway = generateKeyPairSync('rsa', { modulusLength: 2048 });
const sdk = new AlipaySdk({
  appId: '2021000000000001',
  privateKey: privatePem(app.privateKey),
  keyType: 'PKCS8',
  alipayPublicKey: publicPem(gateway.publicKey),
});

const params = {
  app_id: '2021000000000001',
  out_trade_no: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  total_amount: '19.99',
  trade_status: 'TRADE_SUCCESS',
  subject: '灵犀打赏',
  passback_params: '100%+满意 a+b=c&d',
  fund_bill_list: '[{"amount":"19.99","fundChannel":"ALIPAYACCOUNT"}]',
};

/** What a merchant receives: the form body as Alipay sends it, decoded once (as @fastify/formbody decodes it). */
const overTheWire = (p: Record<string, string>) => Object.fromEntries(new URLSearchParams(new URLSearchParams(p).toString()));

describe('Alipay notification signature', () => {
  it('signs every parameter but sign and sign_type, keys sorted, values as they are', () => {
    expect(notifySignContent({ b: '2', a: '1', sign: 'x', sign_type: 'RSA2', c: '' })).toBe('a=1&b=2&c=');
  });

  it('is accepted by the official SDK checkNotifySignV2 after one form decode, with %, + and Chinese in values', () => {
    const received = overTheWire(signNotification(params, gateway.privateKey));
    expect(received.passback_params).toBe('100%+满意 a+b=c&d');
    expect(sdk.checkNotifySignV2(received)).toBe(true);
  });

  it('is refused when a value was changed, when signed by another key, or when decoded twice (why V2 is used)', () => {
    const received = overTheWire(signNotification(params, gateway.privateKey));
    expect(sdk.checkNotifySignV2({ ...received, total_amount: '0.01' })).toBe(false);
    expect(sdk.checkNotifySignV2(overTheWire(signNotification(params, app.privateKey)))).toBe(false);
    // checkNotifySign (v1) decodes again: '%+满' is not valid percent-encoding, so a genuine notification fails.
    expect(() => sdk.checkNotifySign(received)).toThrow(URIError);
  });
});

describe('Alipay v3 request signature (gateway side)', () => {
  it('parses the SDK Authorization form and verifies over authString, method, path and body', async () => {
    const { createSign } = await import('node:crypto');
    const authString = 'app_id=2021000000000001,nonce=5f0c,timestamp=1795312800000';
    const body = '{"out_trade_no":"x"}';
    const sign = createSign('RSA-SHA256').update(`${authString}\nPOST\n/v3/alipay/trade/query\n${body}\n`).sign(app.privateKey, 'base64');
    const a = parseAlipayAuthorization(`ALIPAY-SHA256withRSA ${authString},sign=${sign}`)!;
    expect(a).toMatchObject({ app_id: '2021000000000001', nonce: '5f0c', timestamp: '1795312800000', authString });
    expect(verifyAlipayRequest(a, 'POST', '/v3/alipay/trade/query', body, app.publicKey)).toBe(true);
    expect(verifyAlipayRequest(a, 'POST', '/v3/alipay/trade/close', body, app.publicKey)).toBe(false);
    expect(verifyAlipayRequest(a, 'POST', '/v3/alipay/trade/query', body, gateway.publicKey)).toBe(false);
    expect(parseAlipayAuthorization('ALIPAY-SHA256withRSA app_id=1,sign=x')).toBeNull();
  });
});
