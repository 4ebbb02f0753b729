import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { removeStaleExports } from './export-file';
import { createExportRepository } from './export-repository';
import { createAccountRepository } from './repository';
import { accountRoutes } from './routes';
import { createAccountService } from './service';

/** The personal-data routes under /api/account/* (export, deletion). */
export async function registerAccountModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const config = ctx.config.account;
  // An instance that died mid-export left its file behind; nothing sends it any more.
  await removeStaleExports(config.exportDir, new Date(Date.now() - config.exportLeaseMs));
  const account = createAccountService({
    repo: createAccountRepository(ctx.db, ctx.accountCache.evictUser),
    exports: createExportRepository(ctx.db),
    sms: ctx.sms,
    config,
    aigcProducer: ctx.config.site.aigcProducer,
    now: ctx.now,
    log: ctx.log,
  });
  await api.register(accountRoutes, { account, perMinute: ctx.config.auth.perMinute });
}
