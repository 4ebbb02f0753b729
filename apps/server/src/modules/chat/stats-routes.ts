import { tokenUsageQuery, tokenUsageResponse, voteStatsResponse } from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import type { ChatService } from './service';

/** Spec §7 Statistics. Admins only (ADMIN_PHONES), enforced here and not just by hiding the button. */
export const statsRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.get(
    '/stats/token-usage',
    { preHandler: app.requireAdmin, schema: { tags: ['stats'], querystring: tokenUsageQuery, response: { 200: tokenUsageResponse } } },
    async (req) => {
      const usage = await chat.tokenUsage(req.query);
      return { ...ok(usage), ...usage };
    },
  );

  /** Likes and dislikes of replies (issue #16), over every user. */
  app.get('/stats/votes', { preHandler: app.requireAdmin, schema: { tags: ['stats'], response: { 200: voteStatsResponse } } }, async () =>
    ok(await chat.voteStats()),
  );
};
