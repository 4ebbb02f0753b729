import {
  bindReferrerQuery,
  bindReferrerResponse,
  myReferralsResponse,
  myReferrerResponse,
  referrerLinkParams,
  referrerLinkResponse,
  referrerLookupQuery,
  referrerLookupResponse,
} from '@lingxi/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import type { ReferrerService } from './service';
import { signedIn } from '../../plugins/auth';

/** Spec §7 Referrer, plus the lookup the profile uses to show whom a number belongs to. */
export const referrerRoutes: FastifyPluginAsyncZod<{ referrer: ReferrerService; perMinute: number }> = async (
  app,
  { referrer, perMinute },
) => {
  const common = { preHandler: app.requireUser };
  const schema = { tags: ['referrer'], security: [{ bearer: [] }] };
  // Counted per account, not per IP: a lookup tells whose a number is, so one account may not walk the number space.
  const perUser = (max: number) => ({
    rateLimit: { max, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => req.auth?.user.id ?? req.ip },
  });

  app.post(
    '/referrer/bind-referrer',
    {
      ...common,
      config: perUser(Math.min(perMinute, 20)),
      schema: { ...schema, querystring: bindReferrerQuery, response: { 200: bindReferrerResponse } },
    },
    async (req) => ok(await referrer.bind(signedIn(req).user, req.query.referrer_id), '推荐人绑定成功'),
  );

  app.get('/referrer/my-referrer', { ...common, schema: { ...schema, response: { 200: myReferrerResponse } } }, async (req) =>
    ok(await referrer.myReferrer(signedIn(req).user)),
  );

  app.get('/referrer/my-referrals', { ...common, schema: { ...schema, response: { 200: myReferralsResponse } } }, async (req) =>
    ok(await referrer.myReferrals(signedIn(req).user)),
  );

  app.get(
    '/referrer/referrer-link/:id',
    { ...common, schema: { ...schema, params: referrerLinkParams, response: { 200: referrerLinkResponse } } },
    async (req) => ok(referrer.link(signedIn(req).user, req.params.id, `${req.protocol}://${req.host}`)),
  );

  app.get(
    '/referrer/lookup',
    { ...common, config: perUser(20), schema: { ...schema, querystring: referrerLookupQuery, response: { 200: referrerLookupResponse } } },
    async (req) => ok(await referrer.lookup(req.query.phone)),
  );
};
