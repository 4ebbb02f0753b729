import {
  createReportBody,
  myReportsResponse,
  reportDetailResponse,
  reportIdParams,
  reportQueueQuery,
  reportQueueResponse,
  reportResponse,
  resolveReportBody,
} from '@lingxi/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { signedIn } from '../../plugins/auth';
import type { ReportService } from './service';

const tags = ['reports'];
const security = [{ bearer: [] }];

/** POST /reports and the user's own list; /admin/reports* for administrators (ADMIN_PHONES) only. */
export const reportRoutes: FastifyPluginAsyncZod<{ reports: ReportService }> = async (app, { reports }) => {
  app.post(
    '/reports',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => req.auth?.user.id ?? req.ip } },
      schema: { tags, security, summary: '举报一条AI回复', body: createReportBody, response: { 200: reportResponse } },
    },
    async (req) => ok(await reports.create(signedIn(req).user, req.body), '举报已提交，我们会尽快处理'),
  );

  app.get(
    '/reports/mine',
    { preHandler: app.requireUser, schema: { tags, security, summary: '我的举报及处理结果', response: { 200: myReportsResponse } } },
    async (req) => ok(await reports.mine(signedIn(req).user)),
  );

  app.get(
    '/admin/reports',
    {
      preHandler: app.requireAdmin,
      schema: { tags, security, summary: '举报队列', querystring: reportQueueQuery, response: { 200: reportQueueResponse } },
    },
    async (req) => ok(await reports.queue(req.query)),
  );

  app.get(
    '/admin/reports/:id',
    { preHandler: app.requireAdmin, schema: { tags, security, params: reportIdParams, response: { 200: reportDetailResponse } } },
    async (req) => ok(await reports.detail(req.params.id)),
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: '处理举报（处理说明会展示给举报人）',
        params: reportIdParams,
        body: resolveReportBody,
        response: { 200: reportResponse },
      },
    },
    async (req) => ok(await reports.resolve(signedIn(req).user, req.params.id, req.body), '已处理'),
  );
};
