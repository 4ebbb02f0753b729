import {
  acknowledgeBody,
  declareAgeBody,
  emergencyAlertBody,
  emergencyAlertResponse,
  emergencyContactBody,
  guardianCodeBody,
  guardianVerifyBody,
  safetyStatusResponse,
  sendSmsCodeResponse,
} from '@lingxi/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { signedIn } from '../../plugins/auth';
import type { SafetyService } from './service';

const tags = ['safety'];
const security = [{ bearer: [] }];
const byUser = (max: number, timeWindow: string) => ({
  rateLimit: { max, timeWindow, keyGenerator: (req: FastifyRequest) => req.auth?.user.id ?? req.ip },
});

/** Minor mode, the AI notice and break reminder, the emergency contact (issue #13). */
export const safetyRoutes: FastifyPluginAsyncZod<{ safety: SafetyService }> = async (app, { safety }) => {
  const who = (req: FastifyRequest) => {
    const auth = signedIn(req);
    return { user: auth.user, session: auth.sessionId };
  };
  const pre = { preHandler: app.requireUser };

  app.get('/safety/status', { ...pre, schema: { tags, security, response: { 200: safetyStatusResponse } } }, async (req) => {
    const { user, session } = who(req);
    return ok(await safety.status(user, session, false));
  });

  // An open chat page says so once a minute, so reading counts as use too (across tabs: the time, not the calls).
  app.post(
    '/safety/heartbeat',
    { ...pre, config: byUser(30, '1 minute'), schema: { tags, security, response: { 200: safetyStatusResponse } } },
    async (req) => {
      const { user, session } = who(req);
      return ok(await safety.status(user, session, true));
    },
  );

  app.post(
    '/safety/acknowledge',
    { ...pre, schema: { tags, security, body: acknowledgeBody, response: { 200: safetyStatusResponse } } },
    async (req) => {
      const { user, session } = who(req);
      return ok(await safety.acknowledge(user, session, req.body.kind), '已确认');
    },
  );

  app.put(
    '/account/age',
    { ...pre, config: byUser(10, '1 minute'), schema: { tags, security, body: declareAgeBody, response: { 200: safetyStatusResponse } } },
    async (req) => {
      const { user, session } = who(req);
      return ok(await safety.declareAge(user, req.body, session), '出生年份已更新');
    },
  );

  app.post(
    '/account/guardian/send-code',
    { ...pre, config: byUser(5, '1 minute'), schema: { tags, security, body: guardianCodeBody, response: { 200: sendSmsCodeResponse } } },
    async (req) => ok(await safety.sendGuardianCode(who(req).user, req.body.guardian_phone, req.ip), '验证码已发送至监护人手机'),
  );

  app.post(
    '/account/guardian/verify',
    {
      ...pre,
      config: byUser(10, '1 minute'),
      schema: { tags, security, body: guardianVerifyBody, response: { 200: safetyStatusResponse } },
    },
    async (req) => {
      const { user, session } = who(req);
      return ok(await safety.verifyGuardian(user, req.body.guardian_phone, req.body.code, session), '监护人验证成功');
    },
  );

  app.put(
    '/safety/emergency-contact',
    {
      ...pre,
      config: byUser(10, '1 minute'),
      schema: { tags, security, body: emergencyContactBody, response: { 200: safetyStatusResponse } },
    },
    async (req) => {
      const { user, session } = who(req);
      return ok(await safety.setEmergencyContact(user, req.body, session), '紧急联系人已保存');
    },
  );

  app.delete('/safety/emergency-contact', { ...pre, schema: { tags, security, response: { 200: safetyStatusResponse } } }, async (req) => {
    const { user, session } = who(req);
    return ok(await safety.removeEmergencyContact(user, session), '紧急联系人已删除');
  });

  app.post(
    '/safety/emergency-alert',
    {
      ...pre,
      config: byUser(10, '1 minute'),
      schema: { tags, security, body: emergencyAlertBody, response: { 200: emergencyAlertResponse } },
    },
    async (req) => ok(await safety.sendEmergencyAlert(who(req).user, req.body.session_id), '已通知你的紧急联系人'),
  );
};
