import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consentRecords } from '../src/db/schema';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, newPhone, registerUser } from './support/users';

const PUBLIC = 'https://lingxi.example.com';
const NGINX = '127.0.0.1';
let forgeries = 0;
/**
 * A request as a proxy appending to X-Forwarded-For ($proxy_add_x_forwarded_for) passes it on: whatever the client
 * wrote, a fresh fake address each time, then the address the proxy saw.
 */
const viaProxy = (client: string, extra: Record<string, string> = {}) => {
  forgeries += 1;
  return { remoteAddress: NGINX, headers: { 'x-forwarded-for': `6.6.${forgeries % 250}.${forgeries % 199}, ${client}`, ...extra } };
};

describe.each(dbTargets)('client addresses behind the proxy (TRUST_PROXY=true) on %s', (target) => {
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const ctx = useTestApp(target, {
    env: { TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '3', SMS_IP_HOURLY_LIMIT: '2', PUBLIC_BASE_URL: PUBLIC, LOG_LEVEL: 'info' },
    build: { logStream: sink },
  });

  it('counts login guesses per real client: a forged X-Forwarded-For does not reset the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phone: '13800138000', password: `guess-${i}` },
        ...viaProxy('203.0.113.10'),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('holds the hourly SMS cap per real client whatever the client writes in X-Forwarded-For', async () => {
    const send = () =>
      ctx.inject({
        method: 'POST',
        url: '/api/auth/send-sms-code',
        payload: { phone: newPhone(), type: 'register' },
        ...viaProxy('203.0.113.20'),
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('验证码发送过于频繁，请稍后再试');
  });

  it('writes the real client address into consent records and logs, never the forged one', async () => {
    const phone = newPhone();
    logLines.length = 0;
    const forged = '6.6.6.6';
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/auth/send-sms-code',
      payload: { phone, type: 'register', policy_version: '2024-01' },
      remoteAddress: NGINX,
      headers: { 'x-forwarded-for': `${forged}, 203.0.113.30` },
    });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(consentRecords).where(eq(consentRecords.phone, phone));
    expect(rows.map((r) => r.ip)).toEqual(['203.0.113.30']);
    await new Promise((r) => setImmediate(r));
    const access = logLines.map((l) => JSON.parse(l)).find((l) => l.req?.url === '/api/auth/send-sms-code');
    expect(access?.req.ip).toBe('203.0.113.30');
    expect(logLines.join('\n')).not.toContain(forged);
  });

  it('builds links on PUBLIC_BASE_URL, whatever Host or X-Forwarded-Host the client sends', async () => {
    const forgedHost = { host: 'evil.example', 'x-forwarded-host': 'evil2.example', 'x-forwarded-proto': 'http' };
    const qr = await ctx.inject({ method: 'POST', url: '/api/auth/wechat-qr-code', ...viaProxy('203.0.113.40', forgedHost) });
    expect(qr.statusCode).toBe(200);
    const { qr_code_url, redirect_uri } = qr.json().data;
    expect(redirect_uri).toBe(`${PUBLIC}/api/auth/wechat-callback`);
    expect(qr_code_url.startsWith(`${PUBLIC}/`)).toBe(true);
    expect(qr.body).not.toContain('evil');

    const { token, phone } = await registerUser(ctx);
    const link = await ctx.inject({
      method: 'GET',
      url: `/api/referrer/referrer-link/${phone}`,
      ...viaProxy('203.0.113.41', { ...forgedHost, ...bearer(token) }),
    });
    expect(link.json().data.link).toBe(`${PUBLIC}/register?referrer=${phone}`);
  });
});
