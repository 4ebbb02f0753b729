import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { createPairingRepository } from './pairing-repository';
import { pairingRoutes } from './pairing-routes';
import { createPairingService } from './pairing-service';
import { createBaziRepository } from './repository';
import { baziRoutes } from './routes';
import { createBaziService } from './service';

/** Bazi (issues #3, #15): the calculator behind POST /api/bazi-paipan/paipan, saved charts, and 合婚 of two of them. */
export async function registerBaziModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { ratePerMinute, maxSavedCharts, maxPairings } = ctx.config.bazi;
  const charts = createBaziRepository(ctx.db);
  const service = createBaziService({ repo: charts, now: ctx.now, log: ctx.log, maxSavedCharts });
  const pairings = createPairingService({ repo: createPairingRepository(ctx.db), charts, bazi: service, now: ctx.now, maxPairings });
  await api.register(baziRoutes, { service, ratePerMinute });
  await api.register(pairingRoutes, { pairings });
}
