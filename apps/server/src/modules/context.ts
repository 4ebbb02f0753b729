import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Metrics } from '../plugins/metrics';
import type { AccountCache } from './auth/account-cache';
import type { SessionRepository, UserRepository } from './auth/repository';
import type { AuthService } from './auth/service';
import type { TokenSigner } from './auth/tokens';
import type { ConsentService } from './consent/service';
import type { ModerationService } from './moderation';
import type { SafetyService } from './safety';
import type { ServiceTypeRepository } from './service-types/repository';
import type { SmsService } from './sms/service';

/** What app.ts hands every feature module: shared infrastructure and the account services they build on. */
export interface ModuleContext {
  config: Config;
  database: Database;
  db: Db;
  /** Fails fast while Redis is down (no offline queue, short timeouts: lib/redis.ts); have a fallback ready. */
  redis: Redis | null;
  now: () => Date;
  log: FastifyBaseLogger;
  users: UserRepository;
  sessions: SessionRepository;
  tokens: TokenSigner;
  auth: AuthService;
  sms: SmsService;
  consent: ConsentService;
  serviceTypes: ServiceTypeRepository;
  /** Prometheus counters: chat streams and payment outcomes report here. */
  metrics: Metrics;
  /** Content moderation of what users write and the model answers (lexicon, then the configured service). */
  moderation: ModerationService;
  /** Minor mode, AI disclosure, breaks, emergency contact: the chat turn and payment paths ask it first. */
  safety: SafetyService;
  /** Signed-in account data kept in process; repositories that write account data evict through it (ADR 009). */
  accountCache: AccountCache;
}
