import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import type { PaymentRails } from '../payment';
import { createOrdersRepository } from './repository';
import { ordersRoutes } from './routes';
import { createOrdersService } from './service';

/** Paid deep services (issue 14): /api/orders*, /api/admin/orders, on the payment rails shared with tips. */
export async function registerOrdersModule(api: FastifyInstance, ctx: ModuleContext, rails: PaymentRails): Promise<void> {
  const orders = createOrdersService({
    repo: createOrdersRepository(ctx.db),
    engine: rails.engine,
    offers: ctx.serviceTypes,
    now: ctx.now,
  });
  await api.register(ordersRoutes, { orders, publicBaseUrl: ctx.config.publicBaseUrl });
}
