import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

/**
 * One access-log line per request, written when it completes (method, masked URL, ip, status, time), instead of
 * Fastify's two (one on arrival, one on completion). A route with its own `logLevel` above info (the Bazi calculator)
 * logs none; errors log as before, through the redacting logger.
 *
 * The access line goes through a child logger without the redaction paths: it carries only what the `req` and `res`
 * serializers keep (method, masked URL, ip, status: never headers or a body), so there is nothing to redact, and the
 * wildcard paths cost a fifth of a signed-in request's CPU (`npm run bench:api`).
 */
export class AccessLog extends LogController {
  #lines: FastifyBaseLogger | null = null;

  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    if (!(reply.log as Logger).isLevelEnabled('info')) return;
    this.#lines ??= request.server.log.child({}, { redact: [] });
    this.#lines.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
