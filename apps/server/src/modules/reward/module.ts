import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import type { PaymentRails } from '../payment';
import { createRewardRepository } from './repository';
import { rewardRoutes } from './routes';
import { createRewardService } from './service';

/**
 * Tips paid with real money (issue #5), on the payment rails shared with paid services (modules/payment): the
 * gateways, their fakes, the notifications and the sweep live there.
 */
export async function registerRewardModule(api: FastifyInstance, ctx: ModuleContext, rails: PaymentRails): Promise<void> {
  const service = createRewardService({ repo: createRewardRepository(ctx.db), engine: rails.engine });
  await api.register(rewardRoutes, { service, publicBaseUrl: ctx.config.publicBaseUrl });
}
