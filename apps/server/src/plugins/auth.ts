import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';
import type { SessionRepository } from '../modules/auth/repository';
import type { TokenSigner } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { user: UserRow; sessionId: string; token: string } | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a live session is presented. */
    requireUser: (req: FastifyRequest) => Promise<void>;
    /** preHandler: 401 without a session, 403 unless the phone is in ADMIN_PHONES. */
    requireAdmin: (req: FastifyRequest) => Promise<void>;
    /** Resolves a raw token (e.g. one sent in a body) to its live session. */
    resolveToken: (token: string) => Promise<{ user: UserRow; sessionId: string; token: string } | null>;
  }
}

export const bearerToken = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m?.[1] ?? null;
};

/** Every request is resolved against the session table, so a logged-out or deleted session stops working at once. */
export const authPlugin = fp<{ tokens: TokenSigner; sessions: SessionRepository; adminPhones: readonly string[]; now: () => Date }>(
  async (app: FastifyInstance, o) => {
    const resolveToken = async (token: string) => {
      const claims = await o.tokens.verify(token);
      if (!claims) return null;
      const user = await o.sessions.findLive(claims.sessionId, claims.userId, o.now());
      return user ? { user, sessionId: claims.sessionId, token } : null;
    };
    app.decorateRequest('auth', null);
    app.decorate('resolveToken', resolveToken);
    app.addHook('onRequest', async (req) => {
      const token = bearerToken(req);
      req.auth = token ? await resolveToken(token) : null;
    });
    app.decorate('requireUser', async (req: FastifyRequest) => {
      if (!req.auth) throw unauthorized();
    });
    app.decorate('requireAdmin', async (req: FastifyRequest) => {
      if (!req.auth) throw unauthorized();
      if (!req.auth.user.phone || !o.adminPhones.includes(req.auth.user.phone)) throw forbidden('无权限：仅管理员可以访问');
    });
  },
  { name: 'auth' },
);
