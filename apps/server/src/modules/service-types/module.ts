import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ModuleContext } from '../context';
import { offerAdminRoutes } from './admin-routes';
import { createOffersService } from './offers-service';
import { createServiceTypeRepository } from './repository';
import { serviceTypeRoutes } from './routes';

/** The persona catalogue, with the built-in service types and default offers written in on start (chat reads it too). */
export async function createServiceTypes(db: Db) {
  const serviceTypes = createServiceTypeRepository(db);
  await serviceTypes.seed();
  return serviceTypes;
}

/** Registers /api/service-types and /api/service-types/:key (with each persona's deep offer), and the price editor. */
export async function registerServiceTypesModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await api.register(serviceTypeRoutes, { repo: ctx.serviceTypes });
  await api.register(offerAdminRoutes, { offers: createOffersService({ repo: ctx.serviceTypes, now: ctx.now }) });
}
