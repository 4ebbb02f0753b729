import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * The sandbox stand-ins (SMS outbox, payment gateways, WeChat Open Platform) live under /api/sandbox and give away
 * sign-in codes and free payments. config.ts already refuses a production start with a sandbox provider unless
 * ALLOW_SANDBOX=true; this is the second lock: no module can mount a sandbox route without that opt-in, even by
 * mistake, and a production opt-in is announced loudly in the log.
 */
export function guardSandboxRoutes(app: FastifyInstance, config: Config) {
  if (!config.sandboxRoutes) {
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/sandbox')) {
        throw new Error(`refusing to mount ${route.url}: sandbox routes need ALLOW_SANDBOX=true in production`);
      }
    });
    return;
  }
  if (config.env === 'production' && config.sandboxed.length) {
    app.log.warn(
      { sandboxed: config.sandboxed },
      `ALLOW_SANDBOX=true in production: ${config.sandboxed.join(', ')} run on sandbox stand-ins. Anyone can read any sign-in code at /api/sandbox/sms and pay on the fake gateways; no real money moves. Never use this with real users.`,
    );
  }
}
