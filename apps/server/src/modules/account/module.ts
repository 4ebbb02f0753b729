import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { createAccountRepository } from './repository';
import { accountRoutes } from './routes';
import { createAccountService } from './service';

/** The personal-data routes under /api/account/* (export, deletion). */
export async function registerAccountModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const account = createAccountService({
    repo: createAccountRepository(ctx.db, ctx.accountCache.evictUser),
    sms: ctx.sms,
    now: ctx.now,
    log: ctx.log,
  });
  await api.register(accountRoutes, { account, perMinute: ctx.config.auth.perMinute });
}
