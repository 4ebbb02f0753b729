import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // WeChat's wxLogin.js and its QR iframe are the only third-party code the page may load.
      scriptSrc: ["'self'", 'https://res.wx.qq.com'],
      frameSrc: ["'self'", 'https://open.weixin.qq.com'],
      // antd injects its CSS-in-JS as <style> elements.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Our own images and the QR codes we render (data: URLs) only: a reply's markdown image pointing elsewhere
      // would fetch a URL a prompt-injected model chose, carrying whatever it put in it (issue 12 item 12).
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The sandbox payment pages open from a phone on the LAN over plain http; HSTS belongs to the TLS proxy.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet would set, computed once. Our policy has no per-request parts (no nonces), and running helmet's
 * middleware on every request re-parsed the CSP each time (~4% of a signed-in request's CPU in `npm run bench:api`).
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers for every answer, and CORS only for configured origins (the web app is same-origin, so by default
 * no cross-origin caller is allowed at all).
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: readonly string[]) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  // No configured origin: no CORS handling at all (a browser then refuses every cross-origin call), and no per-request
  // cost for the plugin's origin checks.
  if (!corsOrigins.length) return;
  await app.register(cors, {
    origin: [...corsOrigins],
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
  });
}
