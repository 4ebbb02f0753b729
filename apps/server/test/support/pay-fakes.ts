import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentOrders, tips } from '../../src/db/schema';
import { generateRsaPair, privatePem, publicPem } from '../../src/modules/payment/keys';
import { createAlipayFake, type AlipayFake } from '../../src/modules/payment/providers/alipay/fake/alipay-fake';
import { createWechatPayFake, type WechatPayFake } from '../../src/modules/payment/providers/wechatpay/fake/wechatpay-fake';
import type { KeyObject } from 'node:crypto';
import type { TestContext } from './app';
import { bearer } from './users';

/** One clock for the app and both gateways, so signature windows and order lifetimes agree when a test moves time. */
export function testClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export interface PayFakes {
  /** Filled before the app is built: PAY_MODE=live pointed at the two gateways with freshly generated keys. */
  env: Record<string, string>;
  clock: ReturnType<typeof testClock>;
  wechat: WechatPayFake['control'];
  alipay: AlipayFake['control'];
  appPort: number;
  /** Public halves a test checks signatures with: the merchant's (JSAPI paySign) and Alipay's (the WAP return). */
  keys: { merchant: KeyObject; alipayGateway: KeyObject };
  /** The app's own origin (PUBLIC_BASE_URL): phone payments return here, and it is the fake's registered H5 domain. */
  origin: string;
}

/**
 * Runs a WeChat Pay and an Alipay gateway on their own 127.0.0.1 ports and prepares the app's environment for them.
 * Call before useTestApp(target, { env: fakes.env, build: { now: fakes.clock.now } }), then listenApp(ctx, fakes).
 */
export function usePayFakes(extraEnv: Record<string, string> = {}): PayFakes {
  const clock = testClock();
  const env: Record<string, string> = {};
  const out = { env, clock } as PayFakes;
  const servers: FastifyInstance[] = [];
  let wechatFake: WechatPayFake;
  let alipayFake: AlipayFake;

  beforeAll(async () => {
    const [merchant, wechatpay, platform, alipayApp, alipayGateway] = await Promise.all([
      generateRsaPair(),
      generateRsaPair(),
      generateRsaPair(),
      generateRsaPair(),
      generateRsaPair(),
    ]);
    const apiV3Key = randomBytes(16).toString('hex');
    const ids = {
      mchid: '1900000009',
      appid: 'wx00000000000000a1',
      serial: 'AB12CD34EF56',
      pubKeyId: 'PUB_KEY_ID_0119000000092026',
      certSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      alipayAppId: '2021000000000009',
      sellerId: '2088000000000009',
    };
    const retryDelaysMs = [50, 100, 200];
    const urls: string[] = [];
    wechatFake = createWechatPayFake({
      mchid: ids.mchid,
      appid: ids.appid,
      merchantSerial: ids.serial,
      merchantPublicKey: merchant.publicKey,
      apiV3Key,
      publicKeyId: ids.pubKeyId,
      signingKey: wechatpay.privateKey,
      platformCert: { serial: ids.certSerial, privateKey: platform.privateKey },
      pageBaseUrl: () => urls[0]!,
      h5Origins: () => [out.origin],
      now: clock.now,
      retryDelaysMs,
    });
    alipayFake = createAlipayFake({
      appId: ids.alipayAppId,
      sellerId: ids.sellerId,
      appPublicKey: alipayApp.publicKey,
      alipayPrivateKey: alipayGateway.privateKey,
      pageBaseUrl: () => urls[1]!,
      now: clock.now,
      retryDelaysMs,
    });
    for (const fake of [wechatFake, alipayFake]) {
      const server = Fastify({ logger: false });
      await server.register(fake.plugin);
      urls.push(await server.listen({ port: 0, host: '127.0.0.1' }));
      servers.push(server);
    }
    wechatFake.control.timeoutDelayMs = 1_200;
    alipayFake.control.timeoutDelayMs = 1_200;
    out.wechat = wechatFake.control;
    out.alipay = alipayFake.control;
    out.appPort = await freePort();
    out.origin = `http://127.0.0.1:${out.appPort}`;
    out.keys = { merchant: merchant.publicKey, alipayGateway: alipayGateway.publicKey };
    Object.assign(env, {
      PUBLIC_BASE_URL: out.origin,
      PAY_MODE: 'live',
      PAY_NOTIFY_BASE_URL: `http://127.0.0.1:${out.appPort}`,
      PAY_PROVIDER_TIMEOUT_MS: '400',
      PAY_SWEEP_INTERVAL_MS: '0',
      WECHATPAY_BASE_URL: urls[0]!,
      WECHATPAY_MCHID: ids.mchid,
      WECHATPAY_APPID: ids.appid,
      WECHATPAY_SERIAL_NO: ids.serial,
      WECHATPAY_PRIVATE_KEY: privatePem(merchant.privateKey),
      WECHATPAY_APIV3_KEY: apiV3Key,
      WECHATPAY_PUBLIC_KEY_ID: ids.pubKeyId,
      WECHATPAY_PUBLIC_KEY: publicPem(wechatpay.publicKey),
      WECHATPAY_PLATFORM_CERTS: JSON.stringify({ [ids.certSerial]: publicPem(platform.publicKey) }),
      ALIPAY_ENDPOINT: urls[1]!,
      ALIPAY_APP_ID: ids.alipayAppId,
      ALIPAY_PRIVATE_KEY: privatePem(alipayApp.privateKey),
      ALIPAY_PUBLIC_KEY: publicPem(alipayGateway.publicKey),
      ALIPAY_SELLER_ID: ids.sellerId,
      ...extraEnv,
    });
  });
  afterAll(async () => {
    wechatFake?.control.shutdown();
    alipayFake?.control.shutdown();
    await Promise.all(servers.map((s) => s.close()));
  });
  return out;
}

/** Listens the app where the gateways' callbacks are addressed. */
export function listenApp(ctx: TestContext, fakes: PayFakes) {
  beforeAll(async () => {
    await ctx.app.listen({ port: fakes.appPort, host: '127.0.0.1' });
  });
}

export async function createOrder(ctx: TestContext, token: string, payload: object) {
  return ctx.inject({ method: 'POST', url: '/api/reward/wechat-pay', headers: bearer(token), payload });
}

/** Creates an order that must succeed and returns its data. */
export async function newOrder(ctx: TestContext, token: string, amount: number | string, method: 'wechat' | 'alipay') {
  const res = await createOrder(ctx, token, { amount, payment_method: method, trade_type: 'NATIVE' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { order_id: string; qr_code: string; qr_image: string; amount: number; status: string };
}

export async function orderStatus(ctx: TestContext, token: string, orderId: string) {
  const res = await ctx.inject({ method: 'GET', url: `/api/reward/payment-status/${orderId}`, headers: bearer(token) });
  return { statusCode: res.statusCode, body: res.json() };
}

export async function orderRow(ctx: TestContext, orderId: string) {
  const [row] = await ctx.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return row!;
}

export async function tipRows(ctx: TestContext, orderId: string) {
  return ctx.database.db.select().from(tips).where(eq(tips.orderId, orderId));
}
