import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';

export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get('/health', { schema: { tags: ['health'] } }, async () => ({ success: true, message: 'ok', data: { status: 'up' } }));

  app.get('/ready', { schema: { tags: ['health'] } }, async (req, reply) => {
    try {
      await database.ping();
      return { success: true, message: 'ok', data: { status: 'ready', database: database.kind } };
    } catch (err) {
      req.log.warn({ err: (err as Error).message }, 'database not reachable');
      return reply.status(503).send({ success: false, message: '数据库暂时不可用，请稍后重试', data: { status: 'unavailable' } });
    }
  });
};
