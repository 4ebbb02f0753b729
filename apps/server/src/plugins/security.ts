import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for every answer, and CORS only for configured origins (the web app is same-origin, so by default
 * no cross-origin caller is allowed at all).
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: readonly string[]) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WeChat's wxLogin.js and its QR iframe are the only third-party code the page may load.
        scriptSrc: ["'self'", 'https://res.wx.qq.com'],
        frameSrc: ["'self'", 'https://open.weixin.qq.com'],
        // antd injects its CSS-in-JS as <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
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
  });
  await app.register(cors, {
    origin: corsOrigins.length ? [...corsOrigins] : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
  });
}
