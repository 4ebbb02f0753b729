import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { loggerOptions } from './lib/logger';
import { closeRedis, openRedis, settleRedis } from './lib/redis';
import { fastifyTrustProxy } from './lib/trust-proxy';
import { ACCOUNT_CHANNEL, createAccountCache } from './modules/auth/account-cache';
import { createPasswordGuard } from './modules/auth/password-guard';
import { createPasswordFailureRepository, createSessionRepository, createUserRepository } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { createTokenSigner } from './modules/auth/tokens';
import { createConsentService } from './modules/consent/service';
import { registerBaziModule } from './modules/bazi/module';
import { registerChatModule } from './modules/chat/module';
import type { ModuleContext } from './modules/context';
import { registerRewardModule } from './modules/reward/module';
import { createWechatServices, registerWechatModule } from './modules/wechat';
import { createAccountMerger, registerAccountModule } from './modules/account';
import { registerReferrerModule } from './modules/referrer';
import { healthRoutes } from './modules/health/routes';
import { createServiceTypeRepository } from './modules/service-types/repository';
import { serviceTypeRoutes } from './modules/service-types/routes';
import { createAliyunSmsProvider } from './modules/sms/providers/aliyun';
import { createSandboxSmsProvider } from './modules/sms/providers/sandbox';
import type { SmsProvider } from './modules/sms/providers/types';
import { createSmsRepository } from './modules/sms/repository';
import { sandboxSmsRoutes } from './modules/sms/routes';
import { createSmsService } from './modules/sms/service';
import { createSupportRepository } from './modules/support/repository';
import { supportRoutes } from './modules/support/routes';
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
  now?: () => Date;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/** Builds the whole app without listening: server.ts listens, tests use inject() or listen on port 0. */
export async function buildApp(o: BuildOptions): Promise<FastifyInstance> {
  const { config } = o;
  const now = o.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(config.logLevel, o.logStream),
    logController: new AccessLog(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
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
  const sandboxSms = createSandboxSmsProvider(db);
  const smsProvider = o.smsProvider ?? (config.sms.provider === 'aliyun' ? createAliyunSmsProvider(config.sms.aliyun) : sandboxSms);
  const sms = createSmsService({
    repo: createSmsRepository(db),
    provider: smsProvider,
    pepper: config.sms.pepper,
    ipHourlyLimit: config.sms.ipHourlyLimit,
    resendSeconds: config.sms.resendSeconds,
    now,
    log: app.log,
  });
  const accountCache = createAccountCache(config.auth.accountCache);
  // Writes from any instance or code path reach every instance's cache through the database (migration 0005).
  await database.listen(ACCOUNT_CHANNEL, accountCache.evictUser, accountCache.clear);
  const accountChanged = accountCache.evictUser;
  const users = createUserRepository(db, accountChanged);
  const sessions = createSessionRepository(db, accountChanged);
  const tokens = createTokenSigner(config.auth.jwtSecret);
  const auth = createAuthService({
    users,
    sessions,
    sms,
    tokens,
    passwordGuard: createPasswordGuard(createPasswordFailureRepository(db), now),
    sessionTtlDays: config.auth.sessionTtlDays,
    now,
    mergeAccounts: createAccountMerger(db, accountChanged),
  });
  const consent = createConsentService(db);
  const serviceTypes = createServiceTypeRepository(db);
  await serviceTypes.seed();

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
  };

  const wechat = createWechatServices(ctx);

  await registerSecurity(app, config.corsOrigins);
  registerMetrics(app, metrics, config.metrics);
  await registerSwagger(app, config.apiDocs);
  await registerRateLimit(app, redis);
  await app.register(authPlugin, { tokens, sessions, cache: accountCache, adminPhones: config.auth.adminPhones, now });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      await api.register(authRoutes, {
        auth,
        consent,
        adminPhones: config.auth.adminPhones,
        perMinute: config.auth.perMinute,
        wechat,
      });
      await api.register(serviceTypeRoutes, { repo: serviceTypes });
      await api.register(supportRoutes, { repo: createSupportRepository(db) });
      if (smsProvider === sandboxSms && config.sandboxRoutes) await api.register(sandboxSmsRoutes, { sandbox: sandboxSms });
      await api.register(async (scope) => registerChatModule(scope, ctx));
      await api.register(async (scope) => registerBaziModule(scope, ctx));
      await api.register(async (scope) => registerRewardModule(scope, ctx));
      await api.register(async (scope) => registerWechatModule(scope, ctx, wechat));
      await api.register(async (scope) => registerReferrerModule(scope, ctx));
      await api.register(async (scope) => registerAccountModule(scope, ctx));
    },
    { prefix: '/api' },
  );
  await registerStatic(app, config.webDist);
  return app;
}
