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
import { ok } from '../../lib/reply';
import type { RewardService } from './service';
import { signedIn } from '../../plugins/auth';

const tags = ['reward'];
const security = [{ bearer: [] }];

/** Spec §7 Reward. Handlers parse, call the service and shape the answer. */
export const rewardRoutes: FastifyPluginAsyncZod<{ service: RewardService }> = async (app, { service }) => {
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
        summary: '创建扫码支付订单（微信 Native / 支付宝当面付）',
        description:
          '金额单位为元，0.01–100，最多两位小数；服务端按十进制文本换算为分。返回渠道二维码内容 qr_code 与服务端渲染的 PNG qr_image。',
        body: createPaymentBody,
        response: { 200: createPaymentResponse },
      },
    },
    async (req) => ok(await service.createOrder(signedIn(req).user, req.body), '支付订单已创建'),
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
