import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { createBaziRepository } from './repository';
import { baziRoutes } from './routes';
import { createBaziService } from './service';

/** Bazi (issue #3): the calculator behind POST /api/bazi-paipan/paipan, and a signed-in user's saved charts. */
export async function registerBaziModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { ratePerMinute, maxSavedCharts } = ctx.config.bazi;
  const service = createBaziService({ repo: createBaziRepository(ctx.db), now: ctx.now, log: ctx.log, maxSavedCharts });
  await api.register(baziRoutes, { service, ratePerMinute });
}
