import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'lingxi';
const AUDIENCE = 'lingxi-web';

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export interface VerifiedClaims extends TokenClaims {
  /** The token's own expiry (epoch ms), which a cached verification must still respect. */
  expiresAt: number;
}

/** Bearer tokens are signed JWTs naming a server-side session, so logout and account deletion can revoke them. */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (c: TokenClaims, expiresAt: Date) =>
      new SignJWT({ sid: c.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(c.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    async verify(token: string): Promise<VerifiedClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
        return { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
