import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, written when it completes (method, masked URL, ip, status, time), instead of
 * Fastify's two (one on arrival, one on completion): half the logging cost on every request, nothing lost that an
 * operator reads. A route with its own `logLevel` above info (the Bazi calculator) logs none; errors log as before.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
