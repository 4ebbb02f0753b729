import {
  createPaymentBody,
  createPaymentResponse,
  myTipsQuery,
  myTipsResponse,
  orderIdParams,
  paymentMethodsResponse,
  paymentStatusResponse,
  recordTipBody,
  recordTipResponse,
  tipListQuery,
  tipListResponse,
} from '@lingxi/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicOrigin } from '../../lib/public-origin';
import { ok } from '../../lib/reply';
import type { RewardService } from './service';
import { signedIn } from '../../plugins/auth';

const tags = ['reward'];
const security = [{ bearer: [] }];

/** Spec §7 Reward. Handlers parse, call the service and shape the answer. */
export const rewardRoutes: FastifyPluginAsyncZod<{ service: RewardService; publicBaseUrl?: string }> = async (
  app,
  { service, publicBaseUrl },
) => {
  app.get('/reward/payment-methods', { schema: { tags, summary: '可用的支付方式', response: { 200: paymentMethodsResponse } } }, async () =>
    ok(service.paymentMethods()),
  );

  // Each order reaches a provider, so one account may not create them in bulk.
  const perUser = { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => req.auth?.user.id ?? req.ip } };
  app.post(
    '/reward/wechat-pay',
    {
      preHandler: app.requireUser,
      config: perUser,
      schema: {
        tags,
        security,
        summary: '创建打赏支付订单（扫码 / 手机网页 / 微信内支付）',
        description:
          '金额单位为元，0.01–100，最多两位小数；服务端按十进制文本换算为分。trade_type：NATIVE（扫码，返回 qr_code 与 PNG qr_image）、' +
          'H5（微信支付手机网页，返回 pay_url）、JSAPI（微信内，返回 jsapi 调起参数，需已授权公众号 openid）、WAP（支付宝手机网站，返回 pay_url）。' +
          'return_path 为支付后返回的本站路径（附 pay_order=订单号）。',
        body: createPaymentBody,
        response: { 200: createPaymentResponse },
      },
    },
    async (req) =>
      ok(
        await service.createOrder(signedIn(req).user, req.body, { origin: publicOrigin(req, publicBaseUrl), ip: req.ip }),
        '支付订单已创建',
      ),
  );

  app.get(
    '/reward/payment-status/:order_id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: '查询自己订单的支付状态',
        description: 'pending | paid | closed | expired。未收到渠道通知时，每隔几秒最多向渠道查询一次；其他用户的订单返回 404。',
        params: orderIdParams,
        response: { 200: paymentStatusResponse },
      },
    },
    async (req) => ok(await service.status(signedIn(req).user, req.params.order_id)),
  );

  app.post(
    '/reward/reward',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: '取得已支付订单的打赏记录',
        description:
          '幂等：打赏记录在支付被验证时（渠道通知或查询）与订单状态同一事务写入，本接口只返回它。订单未支付返回 409，已关闭或过期返回 400。',
        body: recordTipBody,
        response: { 200: recordTipResponse },
      },
    },
    async (req) => ok(await service.recordTip(signedIn(req).user, req.body.order_id), '打赏成功，感谢您的支持'),
  );

  app.get(
    '/reward/my-tips',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: '我的打赏（分页，含次数与总额）', querystring: myTipsQuery, response: { 200: myTipsResponse } },
    },
    async (req) => ok(await service.myTips(signedIn(req).user, req.query)),
  );

  app.get(
    '/reward/list',
    {
      preHandler: app.requireAdmin,
      schema: { tags, security, summary: '打赏记录管理（仅管理员）', querystring: tipListQuery, response: { 200: tipListResponse } },
    },
    async (req) => ok(await service.listTips(req.query)),
  );
};
