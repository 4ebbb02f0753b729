import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors';

/** The signed-in caller of a route behind requireUser/requireAdmin (a 401 if it somehow has none). */
export function authOf(req: FastifyRequest): { user: NonNullable<FastifyRequest['auth']>['user']; sessionId: string } {
  if (!req.auth) throw unauthorized();
  return { user: req.auth.user, sessionId: req.auth.sessionId };
}
