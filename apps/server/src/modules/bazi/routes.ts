import {
  baziChartIdParams,
  baziChartListQuery,
  baziChartListResponse,
  baziChartResponse,
  baziDeleteResponse,
  baziRequestBody,
  baziSavedChartResponse,
  BAZI_MESSAGES,
} from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, plainJson } from '../../lib/reply';
import type { BaziService } from './service';
import { signedIn } from '../../plugins/auth';

const tags = ['bazi'];
const security = [{ bearer: [] }];

/** Spec §7 Bazi, plus the saved charts of a signed-in user. */
export const baziRoutes: FastifyPluginAsyncZod<{ service: BaziService; ratePerMinute: number }> = async (
  app,
  { service, ratePerMinute },
) => {
  app.post(
    '/bazi-paipan/paipan',
    {
      config: { rateLimit: { max: ratePerMinute, timeWindow: '1 minute' } },
      // The chart is ~8 kB of JSON built from a fixed shape: re-validating it would cost more than computing it.
      serializerCompiler: plainJson,
      // The hottest anonymous route: two info lines per request cost ~15–20% of its throughput and most of its p99
      // (npm run bench:bazi). Requests are still counted by status in /api/metrics, and warnings and errors still log.
      logLevel: 'warn',
      schema: {
        tags,
        summary: '八字排盘（登录用户的命盘同时保存）',
        body: baziRequestBody,
        response: { 200: baziChartResponse },
      },
    },
    async (req) => {
      const { chart, message } = await service.calculate(req.body, req.auth?.user ?? null);
      return ok(chart, message);
    },
  );

  app.get(
    '/bazi-paipan/charts',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: '我的命盘（最新在前）',
        querystring: baziChartListQuery,
        response: { 200: baziChartListResponse },
      },
    },
    async (req) => ok(await service.list(signedIn(req).user.id, req.query.page, req.query.page_size)),
  );

  app.get(
    '/bazi-paipan/charts/:id',
    { preHandler: app.requireUser, schema: { tags, security, params: baziChartIdParams, response: { 200: baziSavedChartResponse } } },
    async (req) => ok(await service.get(signedIn(req).user.id, req.params.id)),
  );

  app.delete(
    '/bazi-paipan/charts/:id',
    { preHandler: app.requireUser, schema: { tags, security, params: baziChartIdParams, response: { 200: baziDeleteResponse } } },
    async (req) => {
      await service.remove(signedIn(req).user.id, req.params.id);
      return ok(null, BAZI_MESSAGES.deleted);
    },
  );
};
