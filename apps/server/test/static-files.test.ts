import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';

// A built web app as Vite leaves it: index.html, hashed assets, and a public file at the root.
const dist = mkdtempSync(path.join(tmpdir(), 'lx-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>灵犀</title><div id="root"></div>');
writeFileSync(path.join(dist, 'assets', 'index-Abc123.js'), 'console.log("app")');
writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

describe('the built web app', () => {
  const ctx = useTestApp('pglite', { env: { WEB_DIST: dist } });
  const get = (url: string) => ctx.inject({ method: 'GET', url });

  it('serves hashed assets as immutable and public files at the root', async () => {
    const js = await get('/assets/index-Abc123.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/favicon.svg')).statusCode).toBe(200);
  });

  it.each(['/assets/index-Gone99.js', '/assets/index-Gone99.css', '/assets/', '/missing.png', '/chat/app.js.map'])(
    'answers a missing file %s with a 404 nobody caches, never index.html',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toMatch(/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).not.toContain('<div id="root">');
    },
  );

  it.each(['/', '/chat/psychology', '/profile?bind=success', '/login'])('answers the client-side route %s with index.html', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });
});
