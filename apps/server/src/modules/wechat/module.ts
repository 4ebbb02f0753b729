import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import { SANDBOX_WECHAT_PATH } from './config';
import { createOpenPlatformClient } from './providers/open-platform-client';
import { sandboxOpenPlatform } from './providers/sandbox-open-platform';
import { createWechatRepository } from './repository';
import { wechatRoutes } from './routes';
import { createWechatService, type WechatService } from './service';

/**
 * The WeChat service of one app instance, built once in app.ts: the auth routes (unified-login with login_type wechat,
 * the identities in user_info) and the routes below share it.
 */
export function createWechatServices(ctx: ModuleContext): WechatService {
  const { wechat } = ctx.config;
  const service = createWechatService({
    config: wechat,
    repo: createWechatRepository(ctx.db, ctx.accountCache.evictUser),
    client: createOpenPlatformClient({ appid: wechat.appid, secret: wechat.secret }),
    oaClient: wechat.officialAccount
      ? createOpenPlatformClient({ appid: wechat.officialAccount.appid, secret: wechat.officialAccount.secret })
      : null,
    users: ctx.users,
    startSession: ctx.auth.startSession,
    moderation: ctx.moderation,
    ticketKey: ctx.config.auth.jwtSecret,
    now: ctx.now,
    log: ctx.log,
  });
  // /auth/me shows the identities on every call; they change only through evicting writes (ADR 009).
  const identitiesOf = (userId: string) => ctx.accountCache.getOrLoad(userId, `wechat:${userId}`, () => service.identitiesOf(userId));
  return { ...service, identitiesOf };
}

/**
 * Registers, under /api: WeChat QR sign-in and binding, the official account's web authorization inside WeChat, and
 * the fake Open Platform (sandbox only).
 */
export async function registerWechatModule(api: FastifyInstance, ctx: ModuleContext, wechat: WechatService): Promise<void> {
  const { config } = ctx;
  await api.register(wechatRoutes, {
    wechat,
    publicBaseUrl: config.publicBaseUrl,
    adminPhones: config.auth.adminPhones,
    perMinute: config.auth.perMinute,
  });
  if (config.wechat.mountSandbox) {
    const registeredHost = config.wechat.callbackBaseUrl ? new URL(config.wechat.callbackBaseUrl).hostname : null;
    await api.register(sandboxOpenPlatform, {
      prefix: SANDBOX_WECHAT_PATH,
      appid: config.wechat.appid,
      secret: config.wechat.secret,
      officialAccount: config.wechat.officialAccount,
      now: ctx.now,
      registeredHost,
    });
  }
}
