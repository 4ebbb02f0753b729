import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { createReportRepository } from './repository';
import { reportRoutes } from './routes';
import { createReportService } from './service';

/** Registers, under /api, 举报 of AI replies and the administrators' report queue. */
export async function registerReportsModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const reports = createReportService({
    repo: createReportRepository(ctx.db),
    moderation: ctx.moderation,
    limits: ctx.config.safety.reports,
    now: ctx.now,
    log: ctx.log,
  });
  await api.register(reportRoutes, { reports });
}
