import { phoneField } from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import type { createSandboxSmsProvider } from './providers/sandbox';

/** Registered only while SMS_PROVIDER=sandbox: the sandbox handset's inbox, for tests and local click-through. */
export const sandboxSmsRoutes: FastifyPluginAsyncZod<{ sandbox: ReturnType<typeof createSandboxSmsProvider> }> = async (
  app,
  { sandbox },
) => {
  app.get('/sandbox/sms', { schema: { hide: true, querystring: z.object({ phone: phoneField }) } }, async (req) => {
    const row = await sandbox.latest(req.query.phone);
    if (!row) throw notFound('该手机号还没有收到短信');
    return ok({ phone: row.phone, code: row.code, content: row.content, sent_at: row.createdAt.toISOString() });
  });
};
