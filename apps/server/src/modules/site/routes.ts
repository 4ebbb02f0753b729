import { siteFilingResponse } from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import type { SiteConfig } from './config';

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteConfig }> = async (app, { site }) => {
  // Public, the same for everyone, changed only with a deploy: browsers and proxies may keep it for an hour.
  app.get(
    '/site/filing',
    { schema: { tags: ['site'], summary: '备案信息（页脚与关于页）', response: { 200: siteFilingResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok(site.filing);
    },
  );
};
