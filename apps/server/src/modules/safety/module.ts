import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Config } from '../../config';
import type { FastifyBaseLogger } from 'fastify';
import type { ModuleContext } from '../context';
import type { ModerationService } from '../moderation';
import type { SmsService } from '../sms';
import { createSafetyRepository } from './repository';
import { safetyRoutes } from './routes';
import { createSafetyService } from './service';

const PURGE_INTERVAL_MS = 6 * 3_600_000;

/** Minor mode, breaks, the AI notice and the emergency contact: built before chat and the payment paths, which call it. */
export function createSafetyServices(d: {
  config: Config;
  database: Database;
  sms: SmsService;
  moderation: ModerationService;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  return createSafetyService({
    repo: createSafetyRepository(d.database),
    sms: d.sms,
    moderation: d.moderation,
    config: d.config.safety,
    now: d.now,
    log: d.log,
  });
}

/** Registers the safety routes under /api, and deletes records past the retention period every few hours. */
export async function registerSafetyModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  await api.register(safetyRoutes, { safety: ctx.safety });
  const purge = () => ctx.safety.purgeExpired().catch((err) => ctx.log.error({ err }, 'safety: retention purge failed'));
  const timer = setInterval(purge, PURGE_INTERVAL_MS);
  timer.unref();
  api.addHook('onClose', async () => clearInterval(timer));
}
