import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createAccountMerger } from '../account';
import type { ModuleContext } from '../context';
import type { SmsService } from '../sms';
import { ACCOUNT_CHANNEL, createAccountCache } from './account-cache';
import { createPasswordGuard } from './password-guard';
import { createPasswordFailureRepository, createSessionRepository, createUserRepository } from './repository';
import { authRoutes, type WechatSignIn } from './routes';
import { createAuthService } from './service';
import { createTokenSigner } from './tokens';
import { createSignInTicketRepository } from './ticket-repository';

/**
 * Accounts, built before every other module because they all build on it: the cache of signed-in accounts, users and
 * sessions, token signing, and the sign-in rules.
 */
export async function createAuthServices(d: { config: Config; database: Database; sms: SmsService; now: () => Date }) {
  const { config, database, now } = d;
  const accountCache = createAccountCache(config.auth.accountCache);
  // Writes from any instance or code path reach every instance's cache through the database (migration 0005).
  await database.listen(ACCOUNT_CHANNEL, accountCache.evictUser, accountCache.clear);
  const accountChanged = accountCache.evictUser;
  const users = createUserRepository(database.db, accountChanged);
  const sessions = createSessionRepository(database.db, accountChanged);
  const tokens = createTokenSigner(config.auth.jwtSecret);
  const auth = createAuthService({
    users,
    sessions,
    sms: d.sms,
    tokens,
    passwordGuard: createPasswordGuard(createPasswordFailureRepository(database.db), now),
    tickets: createSignInTicketRepository(database.db),
    sessionTtlDays: config.auth.sessionTtlDays,
    now,
    mergeAccounts: createAccountMerger(database.db, accountChanged),
  });
  return { accountCache, users, sessions, tokens, auth };
}

/** Registers, under /api: sign-up, sign-in (password, SMS code, WeChat ticket), the profile and sign-out. */
export async function registerAuthModule(api: FastifyInstance, ctx: ModuleContext, wechat: WechatSignIn): Promise<void> {
  await api.register(authRoutes, {
    auth: ctx.auth,
    consent: ctx.consent,
    adminPhones: ctx.config.auth.adminPhones,
    perMinute: ctx.config.auth.perMinute,
    wechat,
    moderation: ctx.moderation,
    declareAge: ctx.safety.declareAtRegistration,
  });
}
