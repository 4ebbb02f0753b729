import type { FastifyInstance } from 'fastify';
import type { PaymentEngine } from '../../service';
import { NotificationRejected } from '../types';
import type { WechatPayClient } from './client';

/**
 * POST /api/reward/notify/wechat (tips) and /api/pay/notify/wechat (paid services): one handler. The signature covers the exact bytes WeChat sent, so this scope reads JSON as a raw
 * buffer (never a re-serialised object). 204 only once the payment is recorded (or known already); anything else is
 * a 4xx/5xx with {code:'FAIL'} so WeChat retries — a 200 with FAIL would not be retried.
 */
export async function wechatNotifyRoute(
  app: FastifyInstance,
  o: { client: () => Promise<WechatPayClient>; engine: Pick<PaymentEngine, 'applyNotification'>; paths: readonly string[] },
) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  for (const path of o.paths)
    app.post(
      path,
      { schema: { tags: ['payment'], description: '微信支付 APIv3 支付结果通知（由微信支付调用；验签并解密原始报文）' } },
      async (req, reply) => {
        try {
          const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
          const trade = (await o.client()).verifyNotification(req.headers, raw);
          await o.engine.applyNotification('wechat', trade);
          return reply.code(204).send();
        } catch (err) {
          if (err instanceof NotificationRejected) {
            req.log.warn({ reason: err.reason }, 'wechat pay callback refused');
            return reply.code(err.httpStatus).send({ code: 'FAIL', message: '通知未通过校验' });
          }
          req.log.error({ err }, 'wechat pay callback failed');
          return reply.code(500).send({ code: 'FAIL', message: '处理失败，请重试' });
        }
      },
    );
}
