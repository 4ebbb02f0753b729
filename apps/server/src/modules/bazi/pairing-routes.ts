import { baziPairingBody, baziPairingIdParams, baziPairingResponse } from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { signedIn } from '../../plugins/auth';
import type { PairingService } from './pairing-service';

const tags = ['bazi'];
const security = [{ bearer: [] }];

/** 合婚 of two saved charts (issue #15): facts only, no score; the partner's consent is required and recorded. */
export const pairingRoutes: FastifyPluginAsyncZod<{ pairings: PairingService }> = async (app, { pairings }) => {
  app.post(
    '/bazi-paipan/pairings',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: '合婚：两个已保存命盘的合冲刑害、五行生克、纳音与桃花红鸾',
        body: baziPairingBody,
        response: { 200: baziPairingResponse },
      },
    },
    async (req) => ok(await pairings.create(signedIn(req).user.id, req.body.chart_id, req.body.partner_chart_id)),
  );

  app.get(
    '/bazi-paipan/pairings/:id',
    { preHandler: app.requireUser, schema: { tags, security, params: baziPairingIdParams, response: { 200: baziPairingResponse } } },
    async (req) => ok(await pairings.get(signedIn(req).user.id, req.params.id)),
  );
};
