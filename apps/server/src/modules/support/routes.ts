import { contactBody, contactResponse } from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import type { SupportRepository } from './repository';

export const supportRoutes: FastifyPluginAsyncZod<{ repo: SupportRepository }> = async (app, { repo }) => {
  // Anyone may write to us; the per-IP limit keeps the inbox from being flooded.
  app.post(
    '/support/contact',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { tags: ['support'], body: contactBody, response: { 200: contactResponse } },
    },
    async (req) => ok({ id: await repo.saveContact(req.body, req.auth?.user.id ?? null, req.ip) }, '您的留言已提交，我们会尽快回复'),
  );
};
