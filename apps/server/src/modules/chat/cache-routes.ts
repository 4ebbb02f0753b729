import {
  deleteHistoryResponse,
  messageVoteBody,
  messageVoteResponse,
  renameSessionBody,
  renameSessionResponse,
  saveMessageBody,
  saveMessageResponse,
  sessionDetailResponse,
  sessionDetailQuery,
  sessionIdQuery,
  sessionListQuery,
  sessionListResponse,
} from '@lingxi/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import type { ChatService } from './service';
import { signedIn } from '../../plugins/auth';

/**
 * Spec §7 /cache/*: the chat history. The user_id a client sends is ignored — every call acts on the caller's own
 * sessions, and another user's session id answers 404 exactly like one that does not exist.
 */
export const cacheRoutes: FastifyPluginAsyncZod<{ chat: ChatService; savePerMinute: number }> = async (app, { chat, savePerMinute }) => {
  const auth = { preHandler: app.requireUser };
  // Each save is a row that the user's export and erasure carry; per user, counted across instances (Redis).
  const saveLimit = {
    rateLimit: { max: savePerMinute, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => `save:${req.auth?.user.id ?? req.ip}` },
  };

  app.get(
    '/cache/session-list',
    { ...auth, schema: { tags: ['chat'], querystring: sessionListQuery, response: { 200: sessionListResponse } } },
    async (req) => ok(await chat.list(signedIn(req).user, req.query.service_type)),
  );

  app.get(
    '/cache/session-detail',
    { ...auth, schema: { tags: ['chat'], querystring: sessionDetailQuery, response: { 200: sessionDetailResponse } } },
    async (req) => ok(await chat.detail(signedIn(req).user, req.query)),
  );

  app.post(
    '/cache/save-message',
    { ...auth, config: saveLimit, schema: { tags: ['chat'], body: saveMessageBody, response: { 200: saveMessageResponse } } },
    async (req) => ok(await chat.saveMessage(signedIn(req).user, req.body), '保存成功'),
  );

  app.patch(
    '/cache/session-name',
    { ...auth, schema: { tags: ['chat'], body: renameSessionBody, response: { 200: renameSessionResponse } } },
    async (req) => ok(await chat.rename(signedIn(req).user, req.body.session_id, req.body.session_name), '重命名成功'),
  );

  app.put(
    '/chat/message-vote',
    {
      ...auth,
      schema: {
        tags: ['chat'],
        summary: '点赞或点踩一条回复（vote 为 null 时撤销）',
        body: messageVoteBody,
        response: { 200: messageVoteResponse },
      },
    },
    async (req) => ok(await chat.vote(signedIn(req).user, req.body), req.body.vote ? '已记录评价' : '已撤销评价'),
  );

  app.delete(
    '/cache/delete-history',
    { ...auth, schema: { tags: ['chat'], querystring: sessionIdQuery, response: { 200: deleteHistoryResponse } } },
    async (req) => ok(await chat.remove(signedIn(req).user, req.query.session_id), '删除成功'),
  );
};
