import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/** PostgreSQL text cannot hold NUL; catching it here turns what would be a driver 500 into a clear 400. */
function containsNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (depth > 32 || v === null || typeof v !== 'object') return false;
  for (const x of Object.values(v as object)) if (containsNul(x, depth + 1)) return true;
  return false;
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (containsNul(req.body) || containsNul(req.query) || containsNul(req.params)) throw badRequest('请求内容包含非法字符');
  });
}
