import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { createSupportRepository } from './repository';
import { supportRoutes } from './routes';

/** Registers /api/support/contact: the contact form's messages. */
export async function registerSupportModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await api.register(supportRoutes, { repo: createSupportRepository(ctx.db), moderation: ctx.moderation });
}
