import type { FastifyRequest } from 'fastify';

/**
 * The origin to put in links we hand out (invitations, the WeChat redirect_uri, the sandbox pages a phone opens).
 * PUBLIC_BASE_URL whenever it is set, and production requires it: a Host or X-Forwarded-Host header is written by the
 * client, so a link built from it can point anywhere. Without it (development) the origin the browser used.
 */
export function publicOrigin(req: FastifyRequest, publicBaseUrl: string | undefined): string {
  return (publicBaseUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
}
