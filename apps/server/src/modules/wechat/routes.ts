import type { AddressInfo } from 'node:net';
import {
  WECHAT_QR_TTL_SECONDS,
  wechatBindStartResponse,
  wechatCallbackQuery,
  wechatQrCodeResponse,
  wechatQrStatusParams,
  wechatQrStatusResponse,
  wechatUnbindResponse,
} from '@lingxi/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicOrigin } from '../../lib/public-origin';
import { ok } from '../../lib/reply';
import { toUserInfo } from '../auth';
import { sendCallbackPage } from './callback-page';
import { issueCreatorSecret, readCreatorSecret } from './creator-cookie';
import type { RequestUrls, WechatService } from './service';
import { signedIn } from '../../plugins/auth';

interface Opts {
  wechat: WechatService;
  publicBaseUrl: string | undefined;
  adminPhones: readonly string[];
  perMinute: number;
}

/**
 * The origin links are built on (PUBLIC_BASE_URL when set, never a client's Host in production), and our own address
 * for server-to-server calls to the sandbox fake: loopback when listening on all interfaces.
 */
function requestUrls(req: FastifyRequest, publicBaseUrl: string | undefined): RequestUrls {
  const a = req.server.server.address() as AddressInfo | string | null;
  let selfOrigin: string | null = null;
  if (a && typeof a === 'object') {
    const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
    selfOrigin = `http://${host}:${a.port}`;
  }
  return { origin: publicOrigin(req, publicBaseUrl), selfOrigin };
}

/** Spec §7 Auth WeChat calls: QR creation, the OAuth callback, status polling, bind start, and unbinding. */
export const wechatRoutes: FastifyPluginAsyncZod<Opts> = async (app, { wechat, publicBaseUrl, adminPhones, perMinute }) => {
  const bearer = { security: [{ bearer: [] }] };

  app.post(
    '/auth/wechat-qr-code',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: { tags: ['wechat'], response: { 200: wechatQrCodeResponse } },
    },
    async (req, reply) => {
      const secret = issueCreatorSecret(req, reply, WECHAT_QR_TTL_SECONDS * 2);
      const { state, ...qr } = await wechat.createQr('login', null, secret, requestUrls(req, publicBaseUrl));
      const data = { ...qr, qr_code_id: state };
      return { success: true, message: '二维码已生成', data, ...data };
    },
  );

  // Polled every 2 s by each open QR (spec §9), so the limit leaves room for a few tabs.
  app.get(
    '/auth/wechat-qr-status/:qr_code_id',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['wechat'], params: wechatQrStatusParams, response: { 200: wechatQrStatusResponse } },
    },
    async (req) => {
      const data = await wechat.status(req.params.qr_code_id, readCreatorSecret(req));
      return { success: true, message: data.message ?? '成功', data, status: data.status, code: data.code };
    },
  );

  app.get(
    '/auth/wechat-callback',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { tags: ['wechat'], querystring: wechatCallbackQuery } },
    async (req, reply) => {
      const outcome = await wechat.callback(req.query, readCreatorSecret(req), requestUrls(req, publicBaseUrl));
      const dest = req.headers['sec-fetch-dest'];
      return sendCallbackPage(reply, outcome, typeof dest === 'string' ? dest : undefined);
    },
  );

  app.post(
    '/auth/wechat-bind-start',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: { tags: ['wechat'], ...bearer, response: { 200: wechatBindStartResponse } },
    },
    async (req, reply) => {
      const secret = issueCreatorSecret(req, reply, WECHAT_QR_TTL_SECONDS * 2);
      return ok(await wechat.createQr('bind', signedIn(req).user.id, secret, requestUrls(req, publicBaseUrl)), '请使用微信扫码完成绑定');
    },
  );

  app.post(
    '/auth/wechat-unbind',
    { preHandler: app.requireUser, schema: { tags: ['wechat'], ...bearer, response: { 200: wechatUnbindResponse } } },
    async (req) => {
      const user = signedIn(req).user;
      await wechat.unbind(user);
      return ok(toUserInfo(user, adminPhones, []), '已解绑微信');
    },
  );
};
