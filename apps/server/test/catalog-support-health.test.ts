import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, registerUser } from './support/users';

describe.each(dbTargets)('service types, contact, health and docs on %s', (target) => {
  const ctx = useTestApp(target);

  it('lists the ten built-in types and the six categories with Chinese titles', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/service-types' });
    const list = res.json().data as { key: string; title: string; icon_name: string; color: string }[];
    const keys = list.map((t) => t.key);
    expect(keys).toEqual(expect.arrayContaining(['bazi', 'ziwei', 'liuyao', 'qimen', 'general', 'love', 'geng', 'xin', 'ren', 'gui']));
    expect(keys).toEqual(expect.arrayContaining(['legal', 'psychology', 'emotional', 'career', 'learning', 'wisdom']));
    for (const t of list) {
      expect(t.title).toMatch(/[\u4e00-\u9fff]/);
      expect(t.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(t.icon_name).toMatch(/Outlined$/);
    }
  });

  it('returns one type by key and a Chinese 404 for an unknown key', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/service-types/bazi' })).json().data.title).toBe('八字命理');
    const res = await ctx.inject({ method: 'GET', url: '/api/service-types/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: '服务类型不存在', data: null });
  });

  it('stores a contact message, from a visitor or a signed-in user', async () => {
    const payload = { name: '张三', phone: '13800138000', email: '', subject: '建议', message: '希望增加更多伙伴' };
    const res = await ctx.inject({ method: 'POST', url: '/api/support/contact', payload });
    expect(res.json()).toMatchObject({ success: true, message: '您的留言已提交，我们会尽快回复' });
    const { token } = await registerUser(ctx);
    const mine = await ctx.inject({ method: 'POST', url: '/api/support/contact', payload, headers: bearer(token) });
    expect(mine.statusCode).toBe(200);
    const rows = await ctx.database.db.query.contactMessages.findMany();
    expect(rows.map((r) => r.subject)).toEqual(['建议', '建议']);
    expect(rows.filter((r) => r.userId)).toHaveLength(1);
  });

  it('validates every contact rule', async () => {
    const ok = { name: '张三', phone: '13800138000', subject: '建议', message: '内容' };
    const cases: [object, string][] = [
      [{ ...ok, name: ' ' }, '请输入您的姓名'],
      [{ ...ok, subject: '' }, '请输入主题'],
      [{ ...ok, message: undefined }, '请输入留言内容'],
      [{ ...ok, message: '字'.repeat(501) }, '留言内容不能超过500个字符'],
      [{ ...ok, email: 'not-an-email' }, '请输入正确的邮箱地址'],
      [{ ...ok, phone: '110' }, '请输入正确的手机号'],
    ];
    for (const [payload, message] of cases) {
      const res = await ctx.inject({ method: 'POST', url: '/api/support/contact', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await ctx.inject({ method: 'POST', url: '/api/support/contact', payload: { ...ok, message: '字'.repeat(500) } })).statusCode,
    ).toBe(200);
  });

  it('answers health and readiness', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/health' })).json().data.status).toBe('up');
    expect((await ctx.inject({ method: 'GET', url: '/api/ready' })).json().data).toMatchObject({ status: 'ready', database: target });
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const doc = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/unified-login', '/api/service-types/{key}', '/api/support/contact']),
    );
    expect(doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'phone', 'code', 'password', 'confirmPassword']),
    );
  });

  it('never answers bad input with a 500 and keeps 4xx messages Chinese', async () => {
    const probes = [
      { method: 'POST' as const, url: '/api/auth/register', payload: '{not json', headers: { 'content-type': 'application/json' } },
      { method: 'POST' as const, url: '/api/auth/register', payload: { name: 123, phone: ['x'], code: null } },
      { method: 'POST' as const, url: '/api/auth/unified-login', payload: { login_type: 'code', phone: { $ne: 1 } } },
      {
        method: 'POST' as const,
        url: '/api/support/contact',
        payload: { name: "'; drop table users; --", phone: '13800138000', subject: '<script>', message: '\u0000\uffff' },
      },
      { method: 'GET' as const, url: '/api/service-types/%E0%A4%A' },
      { method: 'GET' as const, url: '/api/nowhere' },
    ];
    for (const p of probes) {
      const res = await ctx.inject(p);
      expect(res.statusCode, `${p.url} ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe.each(dbTargets)('rate limits on %s', (target) => {
  const ctx = useTestApp(target, { env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } });
  it('limits login attempts per IP per minute with a Chinese 429', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await ctx.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phone: '13800138000', password: 'x' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    expect(last!.json().message).toMatch(/^请求过于频繁，请\d+秒后再试$/);
    const other = await ctx.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone: '13800138000', password: 'x' },
      remoteAddress: '10.9.9.10',
    });
    expect(other.statusCode).not.toBe(429);
  });
});

describe('CORS with no configured origin', () => {
  const ctx = useTestApp('pglite');

  it('allows no cross-origin caller, preflight or not, and still sends the security headers', async () => {
    const get = await ctx.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://partner.example.com' } });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    expect(get.headers['content-security-policy']).toContain("default-src 'self'");
    const preflight = await ctx.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: 'https://partner.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('security headers, CORS and metrics', () => {
  const ctx = useTestApp('pglite', { env: { CORS_ORIGINS: 'https://partner.example.com' } });

  it('sends security headers with every answer', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('allows cross-origin calls only from configured origins', async () => {
    const allowed = await ctx.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://partner.example.com' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example.com');
    const other = await ctx.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await ctx.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: 'https://partner.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
  });

  it('exposes Prometheus metrics labelled by route pattern, never by raw URL', async () => {
    await ctx.inject({ method: 'GET', url: '/api/service-types/bazi' });
    const text = (await ctx.inject({ method: 'GET', url: '/api/metrics' })).body;
    expect(text).toMatch(/lingxi_http_requests_total\{method="GET",route="\/api\/service-types\/:key",status="200"\} \d+/);
    expect(text).toContain('lingxi_http_request_duration_seconds_bucket');
    expect(text).toContain('lingxi_chat_live_streams');
  });

  it('still serves the API documentation page', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});
