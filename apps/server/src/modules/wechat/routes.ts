import {
  WECHAT_QR_TTL_SECONDS,
  wechatBindStartResponse,
  wechatCallbackQuery,
  wechatOaAuthorizeBody,
  wechatOaAuthorizeResponse,
  wechatQrCodeResponse,
  wechatQrStatusParams,
  wechatQrStatusResponse,
  wechatUnbindResponse,
} from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { toUserInfo } from '../auth';
import { sendCallbackPage } from './callback-page';
import { issueCreatorSecret, readCreatorSecret } from './creator-cookie';
import { startOfficialAccountAuthorization } from './official-account';
import { requestUrls } from './request-urls';
import type { WechatService } from './service';
import { signedIn } from '../../plugins/auth';

interface Opts {
  wechat: WechatService;
  publicBaseUrl: string | undefined;
  adminPhones: readonly string[];
  perMinute: number;
}

/**
 * Spec §7 Auth WeChat calls: QR creation, the OAuth callback, status polling, bind start, and unbinding; plus the
 * official account's web authorization that replaces the QR inside WeChat's browser.
 */
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

  // login needs no session; bind and the silent base authorization (an openid for WeChat Pay JSAPI) act for the user.
  app.post(
    '/auth/wechat-oa/authorize',
    {
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: { tags: ['wechat'], body: wechatOaAuthorizeBody, response: { 200: wechatOaAuthorizeResponse } },
    },
    async (req, reply) => {
      const { intent, return_to } = req.body;
      const userId = req.auth?.user.id ?? null;
      if (intent !== 'login' && !userId) throw unauthorized();
      const data = await startOfficialAccountAuthorization(req, reply, wechat, publicBaseUrl, {
        intent,
        userId: intent === 'login' ? null : userId,
        returnTo: return_to,
      });
      return ok(data, '请在微信中完成授权');
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
