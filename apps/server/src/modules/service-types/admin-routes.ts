import { adminOffersResponse, auditLogQuery, auditLogResponse, offerParams, updateOfferBody, updateOfferResponse } from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { signedIn } from '../../plugins/auth';
import type { OffersService } from './offers-service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The price editor of the deep services and the audit log of its changes: administrators only, checked here. */
export const offerAdminRoutes: FastifyPluginAsyncZod<{ offers: OffersService }> = async (app, { offers }) => {
  app.get(
    '/admin/service-offers',
    {
      preHandler: app.requireAdmin,
      schema: { tags, security, summary: '各服务的深度服务定价（仅管理员）', response: { 200: adminOffersResponse } },
    },
    async () => ok(await offers.list()),
  );

  app.put(
    '/admin/service-offers/:key',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: '修改深度服务的价格、回复次数、服务内容与开关（仅管理员，写入审计日志）',
        description: '价格单位为分（整数）。每次修改在同一事务中写入审计日志：操作人、时间、修改前后的值。',
        params: offerParams,
        body: updateOfferBody,
        response: { 200: updateOfferResponse },
      },
    },
    async (req) => ok(await offers.update(signedIn(req).user, req.params.key, req.body), '已保存'),
  );

  app.get(
    '/admin/audit-log',
    {
      preHandler: app.requireAdmin,
      schema: { tags, security, summary: '运营变更审计日志（仅管理员）', querystring: auditLogQuery, response: { 200: auditLogResponse } },
    },
    async (req) => ok(await offers.audit(req.query)),
  );
};
