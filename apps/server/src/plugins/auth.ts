import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';
import type { AccountCache } from '../modules/auth/account-cache';
import type { SessionRepository } from '../modules/auth/repository';
import type { TokenSigner } from '../modules/auth/tokens';

/** The caller's live session, resolved from the bearer token. */
export interface RequestAuth {
  user: UserRow;
  sessionId: string;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a live session is presented. */
    requireUser: (req: FastifyRequest) => Promise<void>;
    /** preHandler: 401 without a session, 403 unless the phone is in ADMIN_PHONES. */
    requireAdmin: (req: FastifyRequest) => Promise<void>;
    /** Resolves a raw token (e.g. one sent in a body) to its live session. */
    resolveToken: (token: string) => Promise<RequestAuth | null>;
  }
}

/**
 * The signed-in caller, typed, for a handler behind requireUser or requireAdmin. It still answers 401 when reached
 * without a session, so a route whose preHandler was forgotten fails closed instead of crashing on a null.
 */
export function signedIn(req: FastifyRequest): RequestAuth {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

export const bearerToken = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m?.[1] ?? null;
};

/**
 * Every request is resolved against its session row, so a logged-out or deleted session stops working at once. The
 * account cache holds the verified claims and the live session between changes; any change to the session or the
 * user evicts them (ADR 009), and an expired token or session never passes from the cache.
 */
export const authPlugin = fp<{
  tokens: TokenSigner;
  sessions: SessionRepository;
  cache: AccountCache;
  adminPhones: readonly string[];
  now: () => Date;
}>(
  async (app: FastifyInstance, o) => {
    const resolveToken = async (token: string) => {
      const now = o.now();
      const at = now.getTime();
      const claims = await o.cache.getOrLoadOwned(
        `token:${token}`,
        () => o.tokens.verify(token),
        (c) => c.expiresAt > at,
      );
      if (!claims) return null;
      const live = await o.cache.getOrLoad(
        claims.userId,
        `session:${claims.sessionId}`,
        // Frozen: the row is shared by every request of the session while cached, so nobody may change it in place.
        async () => {
          const found = await o.sessions.findLive(claims.sessionId, claims.userId, now);
          return found && { user: Object.freeze(found.user), expiresAt: found.expiresAt };
        },
        (s) => !s || s.expiresAt.getTime() > at,
      );
      return live ? { user: live.user, sessionId: claims.sessionId, token } : null;
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
