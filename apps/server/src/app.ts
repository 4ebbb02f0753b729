import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { loggerOptions } from './lib/logger';
import { lazyRequestLogger } from './lib/request-logger';
import { closeRedis, openRedis, settleRedis } from './lib/redis';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { registerAccountModule } from './modules/account/module';
import { createAuthServices, registerAuthModule } from './modules/auth/module';
import { registerBaziModule } from './modules/bazi/module';
import { registerChatModule } from './modules/chat/module';
import { createMemoryServices, registerMemoryModule } from './modules/memory/module';
import { createConsentServices } from './modules/consent/module';
import type { ModuleContext } from './modules/context';
import { registerHealthModule } from './modules/health/module';
import { createModerationServices } from './modules/moderation/module';
import type { ModerationProvider } from './modules/moderation';
import { registerOrdersModule } from './modules/orders/module';
import { createPaymentRails, officialAccountPayer, registerPaymentModule } from './modules/payment/module';
import type { PayerIdentity } from './modules/payment';
import { registerReferrerModule } from './modules/referrer/module';
import { registerReportsModule } from './modules/reports/module';
import { registerRewardModule } from './modules/reward/module';
import { createSafetyServices, registerSafetyModule } from './modules/safety/module';
import { createServiceTypes, registerServiceTypesModule } from './modules/service-types/module';
import { registerSiteModule } from './modules/site/module';
import { createSmsServices, registerSmsModule, type SmsProvider } from './modules/sms/module';
import { registerSupportModule } from './modules/support/module';
import { createWechatServices, registerWechatModule } from './modules/wechat/module';
import { AccessLog } from './plugins/access-log';
import { authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { createMetrics, registerMetrics } from './plugins/metrics';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerStatic } from './plugins/static';
import { registerSwagger } from './plugins/swagger';
import { guardSandboxRoutes } from './plugins/sandbox-guard';

export interface BuildOptions {
  config: Config;
  /** Tests hand in their own database; otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Overrides the configured SMS gateway (adapter tests). */
  smsProvider?: SmsProvider;
  /** Overrides the configured Alibaba Cloud moderation client (adapter tests); the lexicon still runs first. */
  moderationProvider?: ModerationProvider;
  now?: () => Date;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Overrides who a JSAPI payer is to WeChat (tests of WeChat-browser payments). */
  paymentPayer?: PayerIdentity;
}

/** Builds the whole app without listening: server.ts listens, tests use inject() or listen on port 0. */
export async function buildApp(o: BuildOptions): Promise<FastifyInstance> {
  const { config } = o;
  const now = o.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config.logLevel, o.logStream),
    logController: new AccessLog(),
    childLoggerFactory: lazyRequestLogger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Also the limit for close hooks: shutdown lets chat replies drain for SHUTDOWN_GRACE_MS (chat/module.ts).
    pluginTimeout: config.shutdown.drainMs + 15_000,
    // Malformed URLs and content types never reach a route; answer them in the house shape too.
    frameworkErrors: (err, _req, reply: FastifyReply) => {
      const message =
        err.code === 'FST_ERR_BAD_URL' ? '请求地址不正确' : err.code?.startsWith('FST_ERR_CTP') ? '不支持的请求内容类型' : '请求不正确';
      reply.status(400).send({ success: false, message, data: null });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  guardSandboxRoutes(app, config);

  const database = o.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await database.migrate();
  const redis = config.redisUrl ? openRedis(config.redisUrl, { commandTimeoutMs: config.redisCommandTimeoutMs, log: app.log }) : null;
  if (redis) await settleRedis(redis, 2_000);
  app.addHook('onClose', async () => {
    if (redis) await closeRedis(redis);
    if (!o.database) await database.close();
  });

  const { db } = database;
  const metrics = createMetrics();
  // Services other modules build on come first; every area's routes are then registered below, one line each.
  const { sms, sandbox: sandboxSms } = createSmsServices({ config, db, now, log: app.log, provider: o.smsProvider });
  const { accountCache, users, sessions, tokens, auth } = await createAuthServices({ config, database, sms, now });
  const consent = createConsentServices(db);
  const serviceTypes = await createServiceTypes(db);
  const moderation = createModerationServices({ config, db, log: app.log, aliyunProvider: o.moderationProvider });
  const safety = createSafetyServices({ config, database, sms, moderation, now, log: app.log });

  const ctx: ModuleContext = {
    config,
    database,
    db,
    redis,
    now,
    log: app.log,
    users,
    sessions,
    tokens,
    auth,
    sms,
    consent,
    serviceTypes,
    metrics,
    accountCache,
    moderation,
    safety,
  };

  const wechat = createWechatServices(ctx);
  // The payment rails tips and paid services share. The JSAPI payer is the official account's openid (issue 19);
  // minor mode (issue 13) refuses every purchase, tips and deep services alike, before a payment exists.
  const payments = createPaymentRails(app, ctx, {
    payer: o.paymentPayer ?? officialAccountPayer(config, (userId) => wechat.officialAccountOpenid(userId), app.log),
    guard: (user) => safety.assertMayPay(user.id),
  });

  const memory = await createMemoryServices(ctx);

  await registerSecurity(app, config.corsOrigins);
  registerMetrics(app, metrics, config.metrics);
  await registerSwagger(app, config.apiDocs);
  await registerRateLimit(app, redis);
  await app.register(authPlugin, { tokens, sessions, cache: accountCache, adminPhones: config.auth.adminPhones, now });

  await app.register(
    async (api) => {
      await api.register(async (scope) => registerHealthModule(scope, ctx));
      await api.register(async (scope) => registerAuthModule(scope, ctx, wechat));
      await api.register(async (scope) => registerServiceTypesModule(scope, ctx));
      await api.register(async (scope) => registerSupportModule(scope, ctx));
      await api.register(async (scope) => registerSmsModule(scope, ctx, sandboxSms));
      await api.register(async (scope) => registerChatModule(scope, ctx, memory.turnHooks));
      await api.register(async (scope) => registerMemoryModule(scope, ctx, memory));
      await api.register(async (scope) => registerBaziModule(scope, ctx));
      await api.register(async (scope) => registerPaymentModule(scope, ctx, payments));
      await api.register(async (scope) => registerRewardModule(scope, ctx, payments));
      await api.register(async (scope) => registerOrdersModule(scope, ctx, payments));
      await api.register(async (scope) => registerWechatModule(scope, ctx, wechat));
      await api.register(async (scope) => registerReferrerModule(scope, ctx));
      await api.register(async (scope) => registerAccountModule(scope, ctx));
      await api.register(async (scope) => registerSafetyModule(scope, ctx));
      await api.register(async (scope) => registerReportsModule(scope, ctx));
      await api.register(async (scope) => registerSiteModule(scope, ctx));
    },
    { prefix: '/api' },
  );
  await registerStatic(app, config.webDist);
  return app;
}
