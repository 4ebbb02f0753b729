import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { testConfig } from './support/app';
import { freshDatabase } from './support/databases';

const TOKEN = 'metrics-token-0123456789';

/** An app built with `change` applied to the test configuration (what parseConfig decides is in config.test.ts). */
function useApp(change: (c: Config) => Config) {
  const ref = {} as { app: FastifyInstance };
  let drop = async () => {};
  beforeAll(async () => {
    const fresh = await freshDatabase('pglite');
    drop = fresh.drop;
    ref.app = await buildApp({ config: change(testConfig()), database: fresh.database });
  });
  afterAll(async () => {
    await ref.app?.close();
    await drop();
  });
  return (url: string, headers: Record<string, string> = {}) => ref.app.inject({ method: 'GET', url, headers });
}

describe('metrics and API docs as production runs them (no METRICS_TOKEN, API_DOCS unset)', () => {
  const get = useApp((c) => ({ ...c, metrics: { token: undefined, mounted: false }, apiDocs: false }));

  it.each(['/api/metrics', '/api/docs/', '/api/docs/json'])('%s is not there (404)', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe('metrics with METRICS_TOKEN', () => {
  const get = useApp((c) => ({ ...c, metrics: { token: TOKEN, mounted: true } }));

  it('answers only the bearer of the token', async () => {
    expect((await get('/api/metrics')).statusCode).toBe(401);
    expect((await get('/api/metrics', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await get('/api/metrics', { authorization: TOKEN })).statusCode).toBe(401);
    const ok = await get('/api/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('lingxi_http_requests_total');
  });
});
