import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema';
import { signedIn } from './auth';

describe('signedIn', () => {
  it('hands a guarded handler the caller’s session', () => {
    const auth = { user: { id: 'u1' } as UserRow, sessionId: 's1', token: 't' };
    expect(signedIn({ auth } as FastifyRequest)).toBe(auth);
  });

  it('answers 401 in Chinese when a handler is reached without a session (a forgotten preHandler fails closed)', () => {
    expect(() => signedIn({ auth: null } as FastifyRequest)).toThrow(
      expect.objectContaining({ statusCode: 401, message: '未登录或登录已过期，请重新登录' }),
    );
  });
});
