import { chatSearchQuery, chatSearchResponse, type ChatSearchHit } from '@lingxi/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { signedIn } from '../../plugins/auth';
import { searchTerms, snippet } from './search';
import type { SearchRepository } from './search-repository';

const HITS_MAX = 50;

/** GET /api/chat/search: the caller's messages across every persona, newest first, with highlighted snippets. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchRepository; perMinute: number }> = async (app, { search, perMinute }) => {
  app.get(
    '/chat/search',
    {
      preHandler: app.requireUser,
      config: {
        rateLimit: {
          max: perMinute,
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => `search:${req.auth?.user.id ?? req.ip}`,
        },
      },
      schema: {
        tags: ['chat'],
        summary: '搜索我的全部对话',
        description: '以空格分隔的多个词须同时出现（子串匹配，不区分大小写）；不含无痕对话；最多返回 50 条，新消息在前。',
        querystring: chatSearchQuery,
        response: { 200: chatSearchResponse },
      },
    },
    async (req) => {
      const terms = searchTerms(req.query.q);
      const rows = await search.search(signedIn(req).user.id, terms, HITS_MAX);
      const hits: ChatSearchHit[] = rows.map((r) => ({
        session_id: r.session_id,
        order: r.order_num,
        service_type: r.service_type,
        ...snippet(r.content, terms),
        role: r.role === 'assistant' ? 'assistant' : 'user',
        session_name: r.session_name,
        timestamp: new Date(r.message_time).toISOString(),
      }));
      return ok(hits);
    },
  );
};
