import { contactBody, contactResponse } from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import type { ModerationService } from '../moderation';
import type { SupportRepository } from './repository';

export const supportRoutes: FastifyPluginAsyncZod<{ repo: SupportRepository; moderation: ModerationService }> = async (
  app,
  { repo, moderation },
) => {
  // Anyone may write to us; the per-IP limit keeps the inbox from being flooded.
  app.post(
    '/support/contact',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { tags: ['support'], body: contactBody, response: { 200: contactResponse } },
    },
    async (req) => {
      const userId = req.auth?.user.id ?? null;
      const b = req.body;
      await moderation.assertClean(
        [b.name, b.subject, b.message].join('\n'),
        { scene: 'contact', userId },
        '留言包含违规信息，请修改后重试',
      );
      return ok({ id: await repo.saveContact(b, userId, req.ip) }, '您的留言已提交，我们会尽快回复');
    },
  );
};
