import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { bearer, registerUser } from './support/users';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
    done();
  },
});

describe('access log', () => {
  const ctx = useTestApp('pglite', { env: { LOG_LEVEL: 'info' }, build: { logStream: sink } });

  it('writes one line per request, with status and time, and never the token or a full phone number', async () => {
    const { token, phone } = await registerUser(ctx);
    lines.length = 0;
    const res = await ctx.inject({ method: 'GET', url: `/api/referrer/lookup?phone=${phone}`, headers: bearer(token) });
    expect(res.statusCode).toBeLessThan(500);
    await new Promise((r) => setImmediate(r));
    const forRequest = lines.filter((l) => (l.req as { url?: string } | undefined)?.url?.startsWith('/api/referrer/lookup'));
    expect(forRequest).toHaveLength(1);
    expect(forRequest[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET' }, res: { statusCode: res.statusCode } });
    expect(typeof forRequest[0]!.responseTime).toBe('number');
    const text = JSON.stringify(lines);
    expect(text).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(text).not.toContain(phone);
    expect(text).not.toContain(token);
  });

  it("masks WeChat's OAuth code and state in the logged URL", async () => {
    lines.length = 0;
    const state = 'a'.repeat(32);
    const res = await ctx.inject({ method: 'GET', url: `/api/auth/wechat-callback?code=061SECRETcode&state=${state}` });
    expect(res.statusCode).toBeLessThan(500);
    await new Promise((r) => setImmediate(r));
    const line = lines.find((l) => (l.req as { url?: string } | undefined)?.url?.startsWith('/api/auth/wechat-callback'));
    expect((line?.req as { url: string }).url).toBe('/api/auth/wechat-callback?code=***&state=***');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('061SECRETcode');
    expect(text).not.toContain(state);
  });
});
