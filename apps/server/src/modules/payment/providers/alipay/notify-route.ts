import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { PaymentEngine } from '../../service';
import { NotificationRejected } from '../types';
import type { AlipayClient } from './client';

/**
 * POST /api/reward/notify/alipay (tips) and /api/pay/notify/alipay (paid services): a form-urlencoded notification, decoded exactly once by @fastify/formbody (scoped
 * to this route's plugin) and verified with checkNotifySignV2. Only the literal body 'success' stops Alipay re-sending.
 */
export async function alipayNotifyRoute(
  app: FastifyInstance,
  o: { client: () => Promise<AlipayClient>; engine: Pick<PaymentEngine, 'applyNotification'>; paths: readonly string[] },
) {
  await app.register(formbody, { bodyLimit: 64 * 1024 });

  for (const path of o.paths)
    app.post(
      path,
      { schema: { tags: ['payment'], description: '支付宝异步通知（由支付宝调用；checkNotifySignV2 验签，应答 success）' } },
      async (req, reply) => {
        reply.type('text/plain; charset=utf-8');
        try {
          const params = Object.fromEntries(
            Object.entries((req.body ?? {}) as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
          );
          const trade = (await o.client()).verifyNotification(params);
          await o.engine.applyNotification('alipay', trade);
          return reply.send('success');
        } catch (err) {
          if (err instanceof NotificationRejected) {
            req.log.warn({ reason: err.reason }, 'alipay notification refused');
            return reply.code(err.httpStatus).send('fail');
          }
          req.log.error({ err }, 'alipay notification failed');
          return reply.code(500).send('fail');
        }
      },
    );
}
