import {
  authResponse,
  bindPhoneBody,
  bindPhoneResponse,
  codeLoginBody,
  exchangeTicketBody,
  meResponse,
  okMessage,
  passwordLoginBody,
  registerBody,
  resetPasswordBody,
  sendSmsCodeBody,
  sendSmsCodeResponse,
  signInTicketResponse,
  ticketOwnerResponse,
  unifiedLoginBody,
  unifiedLoginResponse,
  updateProfileBody,
  updateProfileResponse,
  verifyPhoneBody,
  verifyPhoneResponse,
} from '@lingxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import { ok, plainJson } from '../../lib/reply';
import { requestMeta } from '../../lib/request-meta';
import type { ConsentService } from '../consent';
import type { ModerationService } from '../moderation';
import type { AuthService } from './service';
import type { UserRow } from '../../db/schema';
import type { RequestMeta } from '../../lib/request-meta';
import { toUserInfo, type WechatIdentityView } from './user-info';
import { signedIn } from '../../plugins/auth';

/** The WeChat module's part in sign-in (modules/wechat): the QR ticket login and the identities shown in user_info. */
export interface WechatSignIn {
  signIn(ticket: string | undefined, referrerId: string | null | undefined, meta: RequestMeta): Promise<{ user: UserRow; token: string }>;
  identitiesOf(userId: string): Promise<WechatIdentityView[]>;
}

interface Opts {
  auth: AuthService;
  consent: ConsentService;
  adminPhones: readonly string[];
  perMinute: number;
  wechat: WechatSignIn;
  /** Names people choose are checked like everything else users write (issue #13). */
  moderation: ModerationService;
  /** The register body's optional birth year (minor mode, modules/safety). */
  declareAge: (userId: string, birthYear: number | null | undefined) => Promise<void>;
}

/** Spec §7 Auth. Handlers only parse, call the service and shape the answer. */
export const authRoutes: FastifyPluginAsyncZod<Opts> = async (
  app,
  { auth, consent, adminPhones, perMinute, wechat, moderation, declareAge },
) => {
  const limited = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };
  // One extra indexed query per answer: the user's WeChat identities.
  const userInfo = async (u: UserRow) => toUserInfo(u, adminPhones, await wechat.identitiesOf(u.id));
  const signInAnswer = async (message: string, r: { user: UserRow; token: string }) => {
    const user_info = await userInfo(r.user);
    return { success: true, message, token: r.token, user_info, data: { token: r.token, user_info } };
  };

  app.post(
    '/auth/send-sms-code',
    { config: limited, schema: { tags: ['auth'], body: sendSmsCodeBody, response: { 200: sendSmsCodeResponse } } },
    async (req) => {
      const { phone, type, policy_version } = req.body;
      const data = await auth.sendCode(phone, type, req.ip);
      await consent.record({ scene: `send-sms-code:${type}`, phone, policyVersion: policy_version }, requestMeta(req));
      return ok(data, '验证码已发送');
    },
  );

  app.post(
    '/auth/register',
    { config: limited, schema: { tags: ['auth'], body: registerBody, response: { 200: authResponse } } },
    async (req) => {
      await moderation.assertClean(req.body.name, { scene: 'username' }, '用户名包含违规信息，请修改后重试');
      const r = await auth.register(req.body, requestMeta(req));
      await declareAge(r.user.id, req.body.birth_year);
      await consent.record(
        { scene: 'register', userId: r.user.id, phone: r.user.phone, policyVersion: req.body.policy_version },
        requestMeta(req),
      );
      return signInAnswer('注册成功', r);
    },
  );

  app.post(
    '/auth/unified-login',
    { config: limited, schema: { tags: ['auth'], body: unifiedLoginBody, response: { 200: unifiedLoginResponse } } },
    async (req) => {
      const b = req.body;
      const meta = requestMeta(req);
      let r;
      if (b.login_type === 'phone') {
        const p = passwordLoginBody.parse({ phone: b.phone, password: b.password });
        r = await auth.loginWithPassword(p.phone, p.password, meta);
      } else if (b.login_type === 'code') {
        const p = codeLoginBody.parse({ phone: b.phone, code: b.code });
        r = await auth.loginWithCode(p.phone, p.code, meta);
      } else {
        // code is the one-time ticket from wechat-qr-status; a new WeChat person gets an account without a phone.
        r = await wechat.signIn(b.code, b.referrer_id, meta);
      }
      await consent.record(
        { scene: `login:${b.login_type}`, userId: r.user.id, phone: r.user.phone, policyVersion: b.policy_version },
        meta,
      );
      return { ...(await signInAnswer('登录成功', r)), need_bind_phone: !r.user.phone };
    },
  );

  app.post(
    '/auth/login',
    { config: limited, schema: { tags: ['auth'], body: passwordLoginBody, response: { 200: authResponse } } },
    async (req) => {
      const r = await auth.loginWithPassword(req.body.phone, req.body.password, requestMeta(req));
      await consent.record(
        { scene: 'login:phone', userId: r.user.id, phone: r.user.phone, policyVersion: req.body.policy_version },
        requestMeta(req),
      );
      return signInAnswer('登录成功', r);
    },
  );

  app.post(
    '/auth/reset-password',
    { config: limited, schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: authResponse } } },
    async (req) => {
      const r = await auth.resetPassword(req.body, requestMeta(req));
      await consent.record(
        { scene: 'reset-password', userId: r.user.id, phone: r.user.phone, policyVersion: req.body.policy_version },
        requestMeta(req),
      );
      return signInAnswer('密码已重置', r);
    },
  );

  // A `?token=` link (spec §2) carries one of these tickets; the page that opens it spends it (issue 12 item 5).
  app.post(
    '/auth/sign-in-ticket',
    {
      config: limited,
      preHandler: app.requireUser,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: signInTicketResponse } },
    },
    async (req) => ok(await auth.issueSignInTicket(signedIn(req).user.id)),
  );

  app.post(
    '/auth/sign-in-ticket/check',
    {
      config: limited,
      preHandler: app.requireUser,
      schema: { tags: ['auth'], security: [{ bearer: [] }], body: exchangeTicketBody, response: { 200: ticketOwnerResponse } },
    },
    async (req) => ok(await auth.ticketIsOwn(req.body.ticket, signedIn(req).user.id)),
  );

  app.post(
    '/auth/exchange-ticket',
    { config: limited, schema: { tags: ['auth'], body: exchangeTicketBody, response: { 200: authResponse } } },
    async (req) => signInAnswer('登录成功', await auth.signInWithTicket(req.body.ticket, requestMeta(req))),
  );

  app.post(
    '/auth/verify-phone',
    { config: limited, schema: { tags: ['auth'], body: verifyPhoneBody, response: { 200: verifyPhoneResponse } } },
    async (req) => ok(await auth.verifyPhone(req.body.phone)),
  );

  app.post(
    '/auth/bind-phone',
    { config: limited, schema: { tags: ['auth'], body: bindPhoneBody, response: { 200: bindPhoneResponse } } },
    async (req) => {
      // The spec's client passes the token in the body (taken from the URL after WeChat sign-in) or as a bearer.
      const session = req.body.token ? await app.resolveToken(req.body.token) : req.auth;
      if (!session) throw unauthorized();
      const r = await auth.bindPhone(session.user, req.body.phone, req.body.code, session.token, requestMeta(req));
      const user_info = await userInfo(r.user);
      return { success: true, message: '手机号绑定成功', token: r.token, data: { token: r.token, user_info } };
    },
  );

  // Every page load asks: toUserInfo builds the answer field by field, so it is not re-validated (plainJson).
  app.get(
    '/auth/me',
    {
      preHandler: app.requireUser,
      serializerCompiler: plainJson,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: meResponse } },
    },
    async (req) => ok(await userInfo(signedIn(req).user)),
  );

  app.put(
    '/auth/update-profile',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], security: [{ bearer: [] }], body: updateProfileBody, response: { 200: updateProfileResponse } },
    },
    async (req) => {
      const user = signedIn(req).user;
      await moderation.assertClean(req.body.username, { scene: 'username', userId: user.id }, '用户名包含违规信息，请修改后重试');
      return ok(await userInfo(await auth.updateProfile(user, req.body.username)), '用户名已更新');
    },
  );

  app.post(
    '/auth/logout',
    { preHandler: app.requireUser, schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: okMessage } } },
    async (req) => {
      await auth.logout(signedIn(req).sessionId);
      return { success: true, message: '已退出登录' };
    },
  );
};
