import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// A request for a file (under /assets/, or a last segment with an extension: /favicon.svg, /app.js.map) rather than a
// client-side route. The app's routes are extension-free paths (apps/web/src/config/paths.ts).
const FILE_REQUEST = /^\/assets\/|\/[^/]*\.[A-Za-z0-9]{1,8}$/;

/**
 * Serves the built web app from one origin with the API. Unknown /api paths and missing files answer JSON 404s; any
 * other unknown path gets index.html so client-side routes survive a reload.
 */
export async function registerStatic(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Hashed asset names never change content, so browsers may keep them; index.html must always be revalidated.
      setHeaders: (res, file) => {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api') || !hasWeb || req.method !== 'GET') {
      return reply.status(404).send({ success: false, message: `接口不存在：${req.method} ${pathname}`, data: null });
    }
    // A missing script answered with index.html would run as JavaScript and fail in the browser, and the proxy in
    // front caches /assets/ for a year: a missing file is a 404 that nobody keeps.
    if (FILE_REQUEST.test(pathname)) {
      return reply.status(404).header('cache-control', 'no-store').send({ success: false, message: '文件不存在', data: null });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
