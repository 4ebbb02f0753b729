import {
  baziChartIdParams,
  baziChartListQuery,
  baziChartListResponse,
  baziChartPatchBody,
  baziChartResponse,
  baziDeleteResponse,
  baziRequestBody,
  baziSavedChartQuery,
  baziSavedChartResponse,
  BAZI_MESSAGES,
} from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, plainJson } from '../../lib/reply';
import { chartAnswer, chartAnswerJson } from './chart-answer';
import type { BaziService } from './service';
import { signedIn } from '../../plugins/auth';

const tags = ['bazi'];
const viewOf = (q: { liu_yue_year?: string | number; include?: string | string[] }) => ({
  ...(q.liu_yue_year === undefined ? {} : { liu_yue_year: q.liu_yue_year }),
  ...(q.include === undefined ? {} : { include: q.include }),
});
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
      // The chart is ~14 kB of JSON, most of it shared between charts: chartToJson keeps those parts' JSON and is ~4×
      // cheaper than JSON.stringify (ADR 021). Re-validating it with zod would cost more than computing it.
      serializerCompiler: chartAnswerJson,
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
      const { chart, chartId, message } = await service.calculate(req.body, req.auth?.user ?? null);
      return chartAnswer(chart, message, chartId) as never;
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
    {
      preHandler: app.requireUser,
      serializerCompiler: plainJson,
      schema: {
        tags,
        security,
        summary: '打开已保存的命盘（按当前排盘程序重新计算；liu_yue_year 指定流月年份）',
        params: baziChartIdParams,
        querystring: baziSavedChartQuery,
        response: { 200: baziSavedChartResponse },
      },
    },
    async (req) => ok(await service.get(signedIn(req).user.id, req.params.id, viewOf(req.query))),
  );

  app.patch(
    '/bazi-paipan/charts/:id',
    {
      preHandler: app.requireUser,
      serializerCompiler: plainJson,
      schema: {
        tags,
        security,
        summary: '给命盘命名，或换用其他排盘选项重新计算',
        params: baziChartIdParams,
        body: baziChartPatchBody,
        response: { 200: baziSavedChartResponse },
      },
    },
    async (req) => ok(await service.update(signedIn(req).user.id, req.params.id, req.body), '已更新'),
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
