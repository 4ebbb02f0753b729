import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The creator secret of a QR: an HttpOnly cookie only the browser that asked for the QR holds, so nobody else can
 * collect its result (a login-CSRF / session-fixation guard). Scoped to /api/auth, where the QR calls live.
 */
export const CREATOR_COOKIE = 'lx_wxqr';
const VALID = /^[A-Za-z0-9_-]{22,64}$/;

export function readCreatorSecret(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== CREATOR_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return VALID.test(value) ? value : null;
  }
  return null;
}

/** Keeps the browser's secret if it has one (several tabs may each show a QR) and renews it for the QR's lifetime. */
export function issueCreatorSecret(req: FastifyRequest, reply: FastifyReply, maxAgeSeconds: number): string {
  const secret = readCreatorSecret(req) ?? randomBytes(16).toString('base64url');
  const secure = req.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${CREATOR_COOKIE}=${secret}; Path=/api/auth; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`);
  return secret;
}
