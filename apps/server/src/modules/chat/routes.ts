import {
  chatNewBody,
  chatNewResponse,
  chatResponse,
  chatTurnBody,
  deepSummaryBody,
  deepSummaryResponse,
  personaParams,
  personaResponse,
} from '@lingxi/shared';
import type { ChatStreamFollowUps } from '@lingxi/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/reply';
import type { DeepSummaries } from './deep-summary';
import type { ChatService } from './service';
import { openSse } from './sse';
import type { TurnRunner } from './turn';
import { signedIn } from '../../plugins/auth';

interface Opts {
  chat: ChatService;
  turns: TurnRunner;
  summaries: DeepSummaries;
  heartbeatMs: number;
  perMinute: number;
}

/** Fires when the browser goes away before the answer is complete (tab closed, stop button, network drop). */
function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) gone.abort();
  });
  return gone.signal;
}

/** Spec §7 Chat: new chat, streaming answer, plain answer, and the persona's public face. */
export const chatRoutes: FastifyPluginAsyncZod<Opts> = async (app, { chat, turns, summaries, heartbeatMs, perMinute }) => {
  const limited = {
    rateLimit: { max: perMinute, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => req.auth?.user.id ?? req.ip },
  };

  app.get('/chat/persona/:type', { schema: { tags: ['chat'], params: personaParams, response: { 200: personaResponse } } }, async (req) =>
    ok(await chat.persona(req.params.type)),
  );

  app.post(
    '/chat/chat-new',
    { preHandler: app.requireUser, config: limited, schema: { tags: ['chat'], body: chatNewBody, response: { 200: chatNewResponse } } },
    async (req) => {
      const data = await chat.newChat(signedIn(req).user, req.body);
      return { ...ok(data, '已创建新对话'), session_id: data.session_id };
    },
  );

  /**
   * Everything that can fail with a 4xx (auth, validation, unknown session, busy) happens in prepare(), before the
   * response is hijacked, so those failures still leave as the house JSON. After that the answer is an SSE stream.
   */
  app.post(
    '/chat/chat-streaming',
    { preHandler: app.requireUser, config: limited, schema: { tags: ['chat'], body: chatTurnBody } },
    async (req, reply) => {
      const auth = signedIn(req);
      const turn = await turns.prepare(auth.user.id, req.body, auth.sessionId);
      const gone = clientGoneSignal(reply);
      reply.hijack();
      const sse = openSse(reply.raw, heartbeatMs);
      sse.event('meta', {
        session_id: turn.sessionId,
        order: turn.order,
        safety: { crisis: turn.crisis },
        model_info: turns.modelInfo(),
        deep: turn.deep ? { remaining: turn.deep.left } : null,
      });
      try {
        const result = await turns.run(turn, sse.text, gone);
        if (result.error) sse.event('error', result.error);
        else {
          // The reply is settled for the user now; the chips follow on the same stream when ready (issue #16).
          sse.event('final', result.final);
          const followUps = await turns.followUps(turn, result);
          if (followUps.length) sse.event('follow_ups', { order: turn.order, follow_ups: followUps } satisfies ChatStreamFollowUps);
        }
      } catch (err) {
        req.log.error({ err }, 'chat: stream failed');
        sse.event('error', { code: 'internal', message: '回复生成失败，请稍后重试' });
      } finally {
        sse.end();
      }
    },
  );

  app.post(
    '/chat/chat',
    { preHandler: app.requireUser, config: limited, schema: { tags: ['chat'], body: chatTurnBody, response: { 200: chatResponse } } },
    async (req, reply) => {
      const auth = signedIn(req);
      const turn = await turns.prepare(auth.user.id, req.body, auth.sessionId);
      const result = await turns.run(turn, () => {}, clientGoneSignal(reply));
      const { final, error } = result;
      if (error) throw new AppError(error.code === 'timeout' ? 504 : 502, error.message, error.code.toUpperCase());
      const followUps = await turns.followUps(turn, result);
      return ok(followUps.length ? { ...final, follow_ups: followUps } : final);
    },
  );

  app.post(
    '/chat/deep-summary',
    {
      preHandler: app.requireUser,
      config: limited,
      schema: {
        tags: ['chat'],
        summary: '生成并保存深度会话的「深度总结」',
        description: '仅深度服务会话；每个会话最多生成 3 次，失败不计次数；不消耗深度回复次数，计入每日用量。',
        body: deepSummaryBody,
        response: { 200: deepSummaryResponse },
      },
    },
    async (req) => ok(await summaries.summarize(signedIn(req).user, req.body.session_id), '深度总结已生成'),
  );
};
