import { deleteAccountBody, deleteAccountResponse } from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import type { AccountService } from './service';
import { signedIn } from '../../plugins/auth';

/** Personal-data rights: a JSON copy of everything (export) and erasure (delete). */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; perMinute: number }> = async (app, { account, perMinute }) => {
  const schema = { tags: ['account'], security: [{ bearer: [] }] };

  app.get(
    '/account/export',
    { preHandler: app.requireUser, config: { rateLimit: { max: 10, timeWindow: '1 minute' } }, schema },
    async (req, reply) => {
      const file = await account.export(signedIn(req).user);
      return reply
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('content-length', file.bytes)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(file.stream);
    },
  );

  app.post(
    '/account/delete',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: { ...schema, body: deleteAccountBody, response: { 200: deleteAccountResponse } },
    },
    async (req) => ok(await account.delete(signedIn(req).user, req.body.code), '账号已注销，您的个人信息已删除'),
  );
};
