import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { healthRoutes } from './routes';

/** Registers /api/health (the process is up) and /api/ready (and can reach its database). */
export async function registerHealthModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await api.register(healthRoutes, { database: ctx.database });
}
