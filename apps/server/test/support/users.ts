import { expect } from 'vitest';
import type { TestContext } from './app';

let counter = 0;
/** A fresh, valid mainland number per call, so tests in one file never collide on cooldowns or uniqueness. */
export function newPhone(): string {
  counter += 1;
  const n = (Date.now() % 1_000_000) * 100 + counter;
  return `137${String(n).padStart(8, '0').slice(-8)}`;
}

export async function sendCode(ctx: TestContext, phone: string, type: 'login' | 'register' | 'bind' | 'delete' | 'reset') {
  const res = await ctx.inject({ method: 'POST', url: '/api/auth/send-sms-code', payload: { phone, type } });
  expect(res.statusCode, res.body).toBe(200);
  return latestCode(ctx, phone);
}

/** Reads the code from the sandbox handset, as a tester clicking through would. */
export async function latestCode(ctx: TestContext, phone: string): Promise<string> {
  const res = await ctx.inject({ method: 'GET', url: `/api/sandbox/sms?phone=${phone}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.code;
}

export async function registerUser(
  ctx: TestContext,
  over: Partial<{ phone: string; name: string; password: string; referrer_id: string; birth_year: number }> = {},
) {
  const phone = over.phone ?? newPhone();
  const code = await sendCode(ctx, phone, 'register');
  // Each register sends a code, so the next code for this phone must wait out the cooldown.
  ctx.advance(61_000);
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      name: over.name ?? '测试用户',
      phone,
      code,
      password: over.password ?? 'secret123',
      confirmPassword: over.password ?? 'secret123',
      referrer_id: over.referrer_id ?? '',
      ...(over.birth_year ? { birth_year: over.birth_year } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { phone, token: body.token as string, user: body.user_info, password: over.password ?? 'secret123' };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Confirms the 你正在和AI对话 notice for the token's sign-in, as the chat page does before a companion persona answers. */
export async function acknowledgeAi(ctx: TestContext, token: string) {
  const res = await ctx.inject({ method: 'POST', url: '/api/safety/acknowledge', headers: bearer(token), payload: { kind: 'disclosure' } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A registered user who has acknowledged the AI notice (chat tests that are not about the notice). */
export async function registerChatUser(ctx: TestContext, over: Parameters<typeof registerUser>[1] = {}) {
  const u = await registerUser(ctx, over);
  await acknowledgeAi(ctx, u.token);
  return u;
}
