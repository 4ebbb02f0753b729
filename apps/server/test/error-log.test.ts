import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerUser } from './support/users';

const PERSONAL = '我的出生时间和手机 13800138000';

describe.each(dbTargets)('bad message times and failed queries on %s', (target) => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const ctx = useTestApp(target, {
    env: { LOG_LEVEL: 'info' },
    build: { logStream: sink },
    // A handler whose query fails with personal data bound to it, as save-message did with message_time 0000-01-01.
    beforeReady: (app, database) =>
      app.get('/api/test/failing-query', async () =>
        database.db.execute(sql`select ${PERSONAL}::text as content, ${'0000-01-01T00:00:00.000Z'}::timestamptz as t`),
      ),
  });

  async function saveWithTime(message_time: string) {
    const { token } = await registerUser(ctx);
    const chat = await ctx.inject({
      method: 'POST',
      url: '/api/chat/chat-new',
      headers: bearer(token),
      payload: { type: 'general', query: '', key: randomUUID() },
    });
    const session_id = chat.json().session_id as string;
    return ctx.inject({
      method: 'POST',
      url: '/api/cache/save-message',
      headers: bearer(token),
      payload: { session_id, role: 'user', content: PERSONAL, message_time },
    });
  }

  it.each(['0000-01-01', '1969-12-31T23:59:59Z', '9999-12-31', '明天'])('refuses message_time %s with 400 消息时间不正确', async (time) => {
    const res = await saveWithTime(time);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: '消息时间不正确' });
  });

  it('accepts a plausible message_time', async () => {
    expect((await saveWithTime('2026-01-02T03:04:05.000Z')).statusCode).toBe(200);
  });

  it('logs a failed query without its parameters, and answers a plain 500', async () => {
    lines.length = 0;
    const res = await ctx.inject({ method: 'GET', url: '/api/test/failing-query' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('服务器内部错误，请稍后重试');
    await new Promise((r) => setImmediate(r));
    const errors = lines.filter((l) => JSON.parse(l).level >= 50);
    expect(errors.length).toBeGreaterThan(0);
    const text = errors.join('\n');
    expect(text).toContain('Failed query: select $1::text as content, $2::timestamptz as t');
    expect(text).not.toContain('13800138000');
    expect(text).not.toContain('出生');
    expect(text).not.toContain('0000-01-01');
  });
});
