import { serviceTypeList, serviceTypeOne, serviceTypeParams } from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import type { ServiceTypeRepository } from './repository';

export const serviceTypeRoutes: FastifyPluginAsyncZod<{ repo: ServiceTypeRepository }> = async (app, { repo }) => {
  app.get('/service-types', { schema: { tags: ['service-types'], response: { 200: serviceTypeList } } }, async () => ok(await repo.list()));

  app.get(
    '/service-types/:key',
    { schema: { tags: ['service-types'], params: serviceTypeParams, response: { 200: serviceTypeOne } } },
    async (req) => {
      const one = await repo.find(req.params.key);
      if (!one) throw notFound('服务类型不存在');
      return ok(one);
    },
  );
};
