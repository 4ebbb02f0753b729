import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { createReferrerRepository } from './repository';
import { referrerRoutes } from './routes';
import { createReferrerService } from './service';

/** The referrer programme under /api/referrer/*. */
export async function registerReferrerModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const referrer = createReferrerService({
    repo: createReferrerRepository(ctx.db, ctx.accountCache.evictUser),
    users: ctx.users,
    publicBaseUrl: ctx.config.publicBaseUrl,
  });
  await api.register(referrerRoutes, { referrer, perMinute: ctx.config.auth.perMinute });
}
