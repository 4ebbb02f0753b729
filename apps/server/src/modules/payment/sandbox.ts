import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { AlipaySettings, WechatPaySettings } from './config';
import { generateRsaPair, Secret } from './keys';
import { createAlipayFake } from './providers/alipay/fake/alipay-fake';
import { lazy } from './providers/fake-kit';
import { createWechatPayFake } from './providers/wechatpay/fake/wechatpay-fake';

/** Mount points of the sandbox gateways, under /api. */
export const SANDBOX_PATHS = { wechat: '/sandbox/wxpay', alipay: '/sandbox/alipay' } as const;

/** The sandbox merchant. Its appid is the sandbox official account's (wechat/config.ts), as JSAPI requires. */
export const SANDBOX_IDS = {
  mchid: '1900000001',
  appid: 'wxlingxisandbox002',
  merchantSerial: '5A1B2C3D4E5F60718293A4B5C6D7E8F901234567',
  publicKeyId: 'PUB_KEY_ID_0119000000012026112200000000000001',
  alipayAppId: '2021000000000001',
  sellerId: '2088000000000001',
};

/** This server's own address, for calls from the server to itself (gateway API, callbacks). */
export function selfUrl(app: FastifyInstance): string {
  const a = app.server.address();
  if (!a || typeof a === 'string') throw new Error('the server is not listening yet');
  const wildcard = a.address === '0.0.0.0' || a.address === '::';
  const host = wildcard ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}

/**
 * The address a phone on the same network can open: PUBLIC_BASE_URL when set, else this machine's LAN address when
 * we listen on every interface, else the listening address itself.
 */
export function reachableUrl(app: FastifyInstance, publicBaseUrl?: string): string {
  if (publicBaseUrl) return publicBaseUrl.replace(/\/+$/, '');
  const a = app.server.address();
  if (a && typeof a !== 'string' && (a.address === '0.0.0.0' || a.address === '::')) {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (lan) return `http://${lan.address}:${a.port}`;
  }
  return selfUrl(app);
}

/**
 * PAY_MODE=sandbox: both gateways run inside this server with keys generated on first use. The business code gets
 * the same settings objects a live deployment reads from its environment — only the URLs and keys differ.
 */
export function createSandboxPay(app: FastifyInstance, o: { now: () => Date; publicBaseUrl?: string }) {
  const keys = lazy(async () => {
    const [merchant, wechatpay, alipayApp, alipayGateway] = await Promise.all([
      generateRsaPair(),
      generateRsaPair(),
      generateRsaPair(),
      generateRsaPair(),
    ]);
    return { merchant, wechatpay, alipayApp, alipayGateway, apiV3Key: randomBytes(16).toString('hex') };
  });
  const gatewayUrl = (path: string) => `${reachableUrl(app, o.publicBaseUrl)}/api${path}`;
  // The H5 domains "registered" for the sandbox merchant: every address this server can be browsed at.
  const ownOrigins = () => {
    const port = new URL(selfUrl(app)).port;
    return [reachableUrl(app, o.publicBaseUrl), selfUrl(app), `http://localhost:${port}`, `http://127.0.0.1:${port}`].map(
      (u) => new URL(u).origin,
    );
  };

  const wechatFake = createWechatPayFake(async () => {
    const k = await keys();
    return {
      mchid: SANDBOX_IDS.mchid,
      appid: SANDBOX_IDS.appid,
      merchantSerial: SANDBOX_IDS.merchantSerial,
      merchantPublicKey: k.merchant.publicKey,
      apiV3Key: k.apiV3Key,
      publicKeyId: SANDBOX_IDS.publicKeyId,
      signingKey: k.wechatpay.privateKey,
      pageBaseUrl: () => gatewayUrl(SANDBOX_PATHS.wechat),
      h5Origins: ownOrigins,
      now: o.now,
      log: app.log,
    };
  });
  const alipayFake = createAlipayFake(async () => {
    const k = await keys();
    return {
      appId: SANDBOX_IDS.alipayAppId,
      sellerId: SANDBOX_IDS.sellerId,
      appPublicKey: k.alipayApp.publicKey,
      alipayPrivateKey: k.alipayGateway.privateKey,
      pageBaseUrl: () => gatewayUrl(SANDBOX_PATHS.alipay),
      now: o.now,
      log: app.log,
    };
  });

  return {
    wechatFake,
    alipayFake,
    async wechat(): Promise<WechatPaySettings> {
      const k = await keys();
      return {
        baseUrl: `${selfUrl(app)}/api${SANDBOX_PATHS.wechat}`,
        mchid: SANDBOX_IDS.mchid,
        appid: SANDBOX_IDS.appid,
        serialNo: SANDBOX_IDS.merchantSerial,
        privateKey: k.merchant.privateKey,
        apiV3Key: new Secret(k.apiV3Key),
        verifyKeys: new Map([[SANDBOX_IDS.publicKeyId, k.wechatpay.publicKey]]),
        publicKeyId: SANDBOX_IDS.publicKeyId,
        // No WeChat app here to run WeixinJSBridge: the sandbox gateway's page plays its part.
        jsapiBridgeUrl: `${gatewayUrl(SANDBOX_PATHS.wechat)}/jsapi/pay`,
      };
    },
    async alipay(): Promise<AlipaySettings> {
      const k = await keys();
      return {
        endpoint: `${selfUrl(app)}/api${SANDBOX_PATHS.alipay}`,
        appId: SANDBOX_IDS.alipayAppId,
        privateKey: k.alipayApp.privateKey,
        alipayPublicKey: k.alipayGateway.publicKey,
        sellerId: SANDBOX_IDS.sellerId,
      };
    },
  };
}
