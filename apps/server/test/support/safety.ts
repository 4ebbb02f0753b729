import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext } from './app';
import { bearer } from './users';

/** Moves the app's clock forward to the next hh:00 in Beijing time. */
export function advanceToBeijingHour(ctx: TestContext, hour: number) {
  const now = ctx.now().getTime();
  const bj = new Date(now + 8 * 3_600_000);
  let target = Date.UTC(bj.getUTCFullYear(), bj.getUTCMonth(), bj.getUTCDate(), hour, 0, 0) - 8 * 3_600_000;
  if (target <= now) target += 86_400_000;
  ctx.advance(target - now);
}

/** The calendar year in Beijing on the app's clock. */
export const beijingYear = (ctx: TestContext) => new Date(ctx.now().getTime() + 8 * 3_600_000).getUTCFullYear();

export async function newSession(ctx: TestContext, token: string, type: string) {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/chat/chat-new',
    headers: bearer(token),
    payload: { type, query: '', key: randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().session_id as string;
}

/** One chat turn through the streaming route (inject reads the whole stream): the status and the JSON or SSE body. */
export async function ask(ctx: TestContext, token: string, type: string, query = '你好', key?: string) {
  const session = key ?? (await newSession(ctx, token, type));
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/chat/chat-streaming',
    headers: bearer(token),
    payload: { type, query, key: session },
  });
  const json = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
  return { status: res.statusCode, message: json?.message as string | undefined, data: json?.data, body: res.body, session };
}

export async function status(ctx: TestContext, token: string, heartbeat = false) {
  const res = await ctx.inject({
    method: heartbeat ? 'POST' : 'GET',
    url: heartbeat ? '/api/safety/heartbeat' : '/api/safety/status',
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
