import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { siteRoutes } from './routes';

/** Registers GET /api/site/filing: the ICP, public-security and generative-AI filing numbers from configuration. */
export async function registerSiteModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await api.register(siteRoutes, { site: ctx.config.site });
}
