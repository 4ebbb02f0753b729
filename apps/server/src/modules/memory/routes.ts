import {
  MEMORY_MSG,
  memoryDeleteResponse,
  memoryEditBody,
  memoryIdParams,
  memoryItemResponse,
  memoryListResponse,
  memorySettingsBody,
  memorySettingsResponse,
  memorySettleBody,
  memorySettleResponse,
} from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { requestMeta } from '../../lib/request-meta';
import { signedIn } from '../../plugins/auth';
import type { MemoryJob } from './job';
import type { MemoryService } from './service';

/** 我的 → 记忆 (issue #16): the user's long-term memory, every call on the caller's own items only. */
export const memoryRoutes: FastifyPluginAsyncZod<{ memory: MemoryService; job: MemoryJob }> = async (app, { memory, job }) => {
  const auth = { preHandler: app.requireUser };
  const tags = ['memory'];
  const uid = (req: Parameters<typeof signedIn>[0]) => signedIn(req).user.id;

  app.get('/memory', { ...auth, schema: { tags, summary: '我的长期记忆', response: { 200: memoryListResponse } } }, async (req) =>
    ok(await memory.list(uid(req))),
  );

  app.patch(
    '/memory/:id',
    { ...auth, schema: { tags, params: memoryIdParams, body: memoryEditBody, response: { 200: memoryItemResponse } } },
    async (req) => ok(await memory.edit(uid(req), req.params.id, req.body.content), MEMORY_MSG.saved),
  );

  app.delete('/memory/:id', { ...auth, schema: { tags, params: memoryIdParams, response: { 200: memoryDeleteResponse } } }, async (req) =>
    ok(await memory.remove(uid(req), req.params.id), MEMORY_MSG.deleted),
  );

  app.delete('/memory', { ...auth, schema: { tags, summary: '清空全部记忆', response: { 200: memoryDeleteResponse } } }, async (req) =>
    ok(await memory.removeAll(uid(req)), MEMORY_MSG.deletedAll),
  );

  app.get('/memory/settings', { ...auth, schema: { tags, response: { 200: memorySettingsResponse } } }, async (req) =>
    ok(await memory.settings(uid(req))),
  );

  app.put(
    '/memory/settings',
    {
      ...auth,
      schema: {
        tags,
        description: '开启心理、情感类对话的记忆（敏感个人信息）需同时提交 consent: true，同意记录会被保存。',
        body: memorySettingsBody,
        response: { 200: memorySettingsResponse },
      },
    },
    async (req) => ok(await memory.updateSettings(uid(req), req.body, requestMeta(req)), MEMORY_MSG.saved),
  );

  app.post(
    '/memory/settle',
    { ...auth, schema: { tags, summary: '离开对话：整理这段对话的记忆', body: memorySettleBody, response: { 200: memorySettleResponse } } },
    async (req) => {
      const { queued, done } = await job.leave(uid(req), req.body.session_id);
      done.catch((err) => req.log.warn({ err }, 'memory: settle failed'));
      return ok({ queued });
    },
  );
};
