import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { trustProxyEnv } from './lib/trust-proxy';
import { productionRefusal, unset, type ProviderStatus } from './lib/production-check';
import { accountConfig, accountEnv } from './modules/account/config';
import { baziConfig, baziEnv } from './modules/bazi/config';
import { chatConfig, chatEnv, chatProviders } from './modules/chat/config';
import { memoryConfig, memoryEnv } from './modules/memory/config';
import { moderationConfig, moderationEnv, moderationProviders } from './modules/moderation/config';
import { paymentConfig, paymentEnv, paymentProviders } from './modules/payment/config';
import { safetyConfig, safetyEnv } from './modules/safety/config';
import { siteConfig, siteEnv } from './modules/site/config';
import { smsConfig, smsEnv, smsProviders } from './modules/sms/config';
import { wechatConfig, wechatEnv, wechatProviders } from './modules/wechat/config';
import { repoRoot } from './paths';

const csv = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

/** Every variable the server reads (the modules add theirs); .env.example lists each one (env-example.test.ts). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  /** The kernel's queue of connections not yet accepted (capped by net.core.somaxconn); Node's own default is 511. */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(4096),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  PUBLIC_BASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET 至少需要32个字符').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ACCOUNT_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  ACCOUNT_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(50_000),
  ADMIN_PHONES: csv,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxyEnv,
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  CORS_ORIGINS: csv,
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN 至少需要16个字符').optional(),
  ALLOW_SANDBOX: z.stringbool().default(false),
  API_DOCS: z.stringbool().optional(),
  /** SIGTERM: how long running chat replies may take to finish before they are stopped and the process exits. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /** Worker processes on PostgreSQL (one per core when unset); PGlite always runs one process. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  ...smsEnv.shape,
  ...chatEnv.shape,
  ...memoryEnv.shape,
  ...baziEnv.shape,
  ...paymentEnv.shape,
  ...wechatEnv.shape,
  ...accountEnv.shape,
  ...moderationEnv.shape,
  ...safetyEnv.shape,
  ...siteEnv.shape,
});

export type Config = ReturnType<typeof parseConfig>;
type Env = z.infer<typeof envSchema>;

/**
 * Every integration that has a sandbox stand-in reports here whether it is real (lib/production-check.ts). A new
 * provider (a content-moderation service, another WeChat app type…) exports `<area>Providers(env)` from its module's
 * config.ts and is added to this list: production then refuses to start until it is real, or ALLOW_SANDBOX=true.
 */
const PROVIDER_CHECKS: ((e: Env) => ProviderStatus[])[] = [
  smsProviders,
  chatProviders,
  paymentProviders,
  wechatProviders,
  moderationProviders,
];

/**
 * Parses the environment once. In development a JWT secret is generated on first start and kept in DATA_DIR,
 * so restarts do not sign everybody out; production must bring its own.
 */
export function parseConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`配置错误 (environment):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const providers = PROVIDER_CHECKS.flatMap((check) => check(e));
  if (production) {
    // Before the modules' own checks, so one message names everything that is missing.
    const refusal = productionRefusal({
      requiredMissing: unset(e, ['JWT_SECRET', 'PUBLIC_BASE_URL'] as const),
      providers,
      allowSandbox: e.ALLOW_SANDBOX,
    });
    if (refusal) throw new Error(refusal);
  }
  const jwtSecret = e.JWT_SECRET ?? devSecret(e.DATA_DIR, 'jwt-secret');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    listenBacklog: e.LISTEN_BACKLOG,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    webDist: e.WEB_DIST,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    /**
     * /api/metrics: with METRICS_TOKEN only to `Authorization: Bearer <token>`; without one it is open in development
     * and not mounted at all (404) in production, where it would show every route's traffic to anyone.
     */
    metrics: { token: e.METRICS_TOKEN, mounted: !!e.METRICS_TOKEN || !production },
    /** /api/docs (Swagger UI and the OpenAPI JSON): on by default except in production. */
    apiDocs: e.API_DOCS ?? !production,
    /** Integrations running on their sandbox stand-in (in production only with ALLOW_SANDBOX=true; app.ts warns). */
    sandboxed: providers.filter((p) => !p.real).map((p) => p.label),
    /** Whether /api/sandbox/* may be mounted at all: never in production without ALLOW_SANDBOX=true. */
    sandboxRoutes: !production || e.ALLOW_SANDBOX,
    auth: {
      jwtSecret,
      sessionTtlDays: e.SESSION_TTL_DAYS,
      adminPhones: e.ADMIN_PHONES,
      perMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      accountCache: { ttlMs: e.ACCOUNT_CACHE_TTL_MS, maxEntries: e.ACCOUNT_CACHE_MAX_ENTRIES },
    },
    /** Replies may finish for drainMs after SIGTERM; the process exits at the latest 10 s after that. */
    shutdown: { drainMs: e.SHUTDOWN_GRACE_MS, forceExitMs: e.SHUTDOWN_GRACE_MS + 10_000 },
    webConcurrency: e.WEB_CONCURRENCY,
    chat: chatConfig(e),
    memory: memoryConfig(e),
    bazi: baziConfig(e),
    payment: paymentConfig(e),
    wechat: wechatConfig(e),
    sms: smsConfig(e, jwtSecret),
    account: accountConfig(e),
    moderation: moderationConfig(e),
    safety: safetyConfig(e),
    site: siteConfig(e),
  };
}

function devSecret(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
