import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';

/** The signed-in caller's id on a route behind app.requireUser (which has already answered 401 without one). */
export function ownerId(req: FastifyRequest): string {
  const user = req.auth?.user;
  if (!user) throw unauthorized();
  return user.id;
}
