import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors';

const HAN = /[\u4e00-\u9fff]/;

// Connection-level failures (postgres-js codes and SQLSTATE classes 08/57) mean "try again soon", not "we broke".
const DB_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);
function isDatabaseUnavailable(err: unknown): boolean {
  const code = String((err as { code?: unknown })?.code ?? '');
  if (DB_DOWN.has(code) || /^(08|57P)/.test(code)) return true;
  const cause = (err as { cause?: unknown })?.cause;
  return cause !== undefined && cause !== err && isDatabaseUnavailable(cause);
}

/**
 * The one error path: every failure leaves as `{success:false, message}` with a Chinese message and the right status.
 * Validation messages come from the shared zod contracts; a message that is not Chinese (zod's defaults for shapes we
 * did not word, e.g. a number where a string belongs) is replaced by one naming the field.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '';
      const raw = first?.message ?? '';
      const message = HAN.test(raw) ? raw : field ? `请求参数不正确：${field}` : '请求参数不正确';
      return reply.status(400).send({ success: false, message, data: null });
    }
    if (err instanceof ZodError) {
      // A service re-parsing a sub-shape (e.g. unified-login by type) reports like schema validation does.
      const raw = err.issues[0]?.message ?? '';
      return reply.status(400).send({ success: false, message: HAN.test(raw) ? raw : '请求参数不正确', data: null });
    }
    if (err instanceof AppError) {
      const { retryAfter, ...data } = err.extra ?? {};
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      return reply.status(err.statusCode).send({ success: false, message: err.message, data: err.extra ? data : null });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.error({ code: (err as { code?: string }).code }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ success: false, message: '服务暂时不可用，请稍后重试', data: null });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ success: false, message: '请求过于频繁，请稍后再试', data: null });
    if (status === 413) return reply.status(413).send({ success: false, message: '请求内容过大', data: null });
    if (status === 415) return reply.status(415).send({ success: false, message: '不支持的请求内容类型', data: null });
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? '请求体不是有效的JSON'
          : '请求参数不正确';
      return reply.status(status).send({ success: false, message, data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, message: '服务器内部错误，请稍后重试', data: null });
  });
}
