import {
  adminOrdersQuery,
  adminOrdersResponse,
  createOrderBody,
  createOrderResponse,
  myOrdersQuery,
  myOrdersResponse,
  orderDetailResponse,
  orderParams,
  reopenSessionResponse,
} from '@lingxi/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicOrigin } from '../../lib/public-origin';
import { ok } from '../../lib/reply';
import { signedIn } from '../../plugins/auth';
import type { OrdersService } from './service';

const tags = ['orders'];
const security = [{ bearer: [] }];

/** Paid deep services: thin routes over the orders service. */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; publicBaseUrl?: string }> = async (
  app,
  { orders, publicBaseUrl },
) => {
  // Each order reaches a provider, so one account may not create them in bulk.
  const perUser = {
    rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => `order:${req.auth?.user.id ?? req.ip}` },
  };

  app.post(
    '/orders',
    {
      preHandler: app.requireUser,
      config: perUser,
      schema: {
        tags,
        security,
        summary: '购买深度服务：按服务端定价创建支付订单',
        description:
          '价格由服务端按该服务当前的深度服务定价计算，请求中没有价格字段。no_refund_consent 必须为 true（付费服务即时生效，不支持退款），' +
          '同意时间随订单保存。trade_type 与打赏相同：NATIVE 扫码、H5 微信手机网页、JSAPI 微信内、WAP 支付宝手机网站。',
        body: createOrderBody,
        response: { 200: createOrderResponse },
      },
    },
    async (req) =>
      ok(await orders.create(signedIn(req).user, req.body, { origin: publicOrigin(req, publicBaseUrl), ip: req.ip }), '订单已创建'),
  );

  app.get(
    '/orders',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: '我的订单（默认只列出已支付的订单）',
        querystring: myOrdersQuery,
        response: { 200: myOrdersResponse },
      },
    },
    async (req) => ok(await orders.mine(signedIn(req).user, req.query)),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: '订单详情（仅订单本人）',
        description: 'status 为 paid 时 session_id 与 remaining 为深度会话及剩余深度回复次数。待支付时每隔几秒最多向渠道查询一次。',
        params: orderParams,
        response: { 200: orderDetailResponse },
      },
    },
    async (req) => ok(await orders.get(signedIn(req).user, req.params.id)),
  );

  app.post(
    '/orders/:id/session',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: '为会话已删除的订单重新打开深度会话（仍有剩余深度回复时）',
        params: orderParams,
        response: { 200: reopenSessionResponse },
      },
    },
    async (req) => ok(await orders.reopen(signedIn(req).user, req.params.id), '已重新打开深度会话'),
  );

  app.get(
    '/admin/orders',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        summary: '订单与收入（仅管理员）：按手机号、服务、支付日期筛选，按服务与按日汇总',
        querystring: adminOrdersQuery,
        response: { 200: adminOrdersResponse },
      },
    },
    async (req) => ok(await orders.admin(req.query)),
  );
};
