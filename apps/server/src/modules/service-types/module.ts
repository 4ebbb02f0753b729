import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { ModuleContext } from '../context';
import { createServiceTypeRepository } from './repository';
import { serviceTypeRoutes } from './routes';

/** The persona catalogue, with the built-in service types written in on start (chat reads it too). */
export async function createServiceTypes(db: Db) {
  const serviceTypes = createServiceTypeRepository(db);
  await serviceTypes.seed();
  return serviceTypes;
}

/** Registers /api/service-types and /api/service-types/:key. */
export async function registerServiceTypesModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await api.register(serviceTypeRoutes, { repo: ctx.serviceTypes });
}
