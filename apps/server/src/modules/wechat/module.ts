import type { FastifyInstance } from 'fastify';
import { createAccountRepository } from '../account/repository';
import { accountRoutes } from '../account/routes';
import { createAccountService } from '../account/service';
import type { ModuleContext } from '../context';
import { createReferrerRepository } from '../referrer/repository';
import { referrerRoutes } from '../referrer/routes';
import { createReferrerService } from '../referrer/service';
import { SANDBOX_WECHAT_PATH } from './config';
import { createOpenPlatformClient } from './providers/open-platform-client';
import { sandboxOpenPlatform } from './providers/sandbox-open-platform';
import { createWechatRepository } from './repository';
import { wechatRoutes } from './routes';
import { createWechatService, type WechatService } from './service';

const services = new WeakMap<ModuleContext, WechatService>();

/**
 * The WeChat service of one app instance. app.ts hands it to the auth routes (unified-login with login_type wechat,
 * the identities in user_info); the routes below use the same instance.
 */
export function wechatServicesFor(ctx: ModuleContext): WechatService {
  let s = services.get(ctx);
  if (!s) {
    const { wechat } = ctx.config;
    const service = createWechatService({
      config: wechat,
      repo: createWechatRepository(ctx.db, ctx.accountCache.evictUser),
      client: createOpenPlatformClient({ appid: wechat.appid, secret: wechat.secret }),
      users: ctx.users,
      startSession: ctx.auth.startSession,
      ticketKey: ctx.config.auth.jwtSecret,
      now: ctx.now,
      log: ctx.log,
    });
    // /auth/me shows the identities on every call; they change only through evicting writes (ADR 009).
    const identitiesOf = (userId: string) => ctx.accountCache.getOrLoad(userId, `wechat:${userId}`, () => service.identitiesOf(userId));
    s = { ...service, identitiesOf };
    services.set(ctx, s);
  }
  return s;
}

/**
 * Registers, under /api: WeChat QR sign-in and binding, the fake Open Platform (sandbox only), the referrer programme
 * and the personal-data routes (export, deletion) — the account-area features of issue #6.
 */
export async function registerWechatModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { config } = ctx;
  const perMinute = config.auth.perMinute;
  await api.register(wechatRoutes, { wechat: wechatServicesFor(ctx), adminPhones: config.auth.adminPhones, perMinute });
  if (config.wechat.mountSandbox) {
    const registeredHost = config.wechat.callbackBaseUrl ? new URL(config.wechat.callbackBaseUrl).hostname : null;
    await api.register(sandboxOpenPlatform, {
      prefix: SANDBOX_WECHAT_PATH,
      appid: config.wechat.appid,
      secret: config.wechat.secret,
      now: ctx.now,
      registeredHost,
    });
  }
  const referrer = createReferrerService({
    repo: createReferrerRepository(ctx.db, ctx.accountCache.evictUser),
    users: ctx.users,
    publicBaseUrl: config.publicBaseUrl,
  });
  await api.register(referrerRoutes, { referrer, perMinute });
  const account = createAccountService({
    repo: createAccountRepository(ctx.db, ctx.accountCache.evictUser),
    sms: ctx.sms,
    now: ctx.now,
    log: ctx.log,
  });
  await api.register(accountRoutes, { account, perMinute });
}
