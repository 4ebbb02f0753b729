import type { SmsPurpose } from '@lingxi/shared';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import type { SmsService } from '../sms';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import type { PasswordGuard } from './password-guard';
import type { SessionRepository, UserRepository } from './repository';
import type { TokenSigner } from './tokens';
import { SIGN_IN_TICKET_PATTERN, SIGN_IN_TICKET_TTL_SECONDS, type SignInTicketRepository } from './ticket-repository';

export interface AuthServiceDeps {
  users: UserRepository;
  sessions: SessionRepository;
  sms: SmsService;
  tokens: TokenSigner;
  passwordGuard: PasswordGuard;
  tickets: SignInTicketRepository;
  sessionTtlDays: number;
  now: () => Date;
  /**
   * Moves what an account without a phone holds (its WeChat identity, chats…) into the existing account that owns the
   * phone it binds, then deletes it (modules/account/merge.ts). Throws an AppError when the two cannot be joined.
   */
  mergeAccounts?: (from: UserRow, into: UserRow) => Promise<void>;
}

export const NOT_REGISTERED = '用户未注册，请先注册';
export const TICKET_INVALID = '登录链接无效或已过期，请重新登录';

export function createAuthService(d: AuthServiceDeps) {
  async function issue(user: UserRow, meta: RequestMeta) {
    const expiresAt = new Date(d.now().getTime() + d.sessionTtlDays * 86400_000);
    const sessionId = await d.sessions.create({ userId: user.id, expiresAt, ip: meta.ip, userAgent: meta.userAgent });
    return { user, token: await d.tokens.sign({ userId: user.id, sessionId }, expiresAt) };
  }

  async function requireUser(phone: string) {
    const user = await d.users.findByPhone(phone);
    if (!user) throw new AppError(404, NOT_REGISTERED, 'NOT_REGISTERED');
    return user;
  }

  return {
    async sendCode(phone: string, purpose: SmsPurpose, ip: string) {
      // Registration and login need opposite states; saying so early saves the user an SMS they cannot use.
      if (purpose === 'register' && (await d.users.findByPhone(phone))) throw conflict('该手机号已注册，请直接登录');
      if (purpose === 'login' || purpose === 'reset' || purpose === 'delete') await requireUser(phone);
      return d.sms.send(phone, purpose, ip);
    },

    async register(b: { name: string; phone: string; code: string; password: string; referrer_id?: string }, meta: RequestMeta) {
      if (await d.users.findByPhone(b.phone)) throw conflict('该手机号已注册，请直接登录');
      if (b.referrer_id) {
        if (b.referrer_id === b.phone) throw badRequest('不能将自己设为推荐人');
        if (!(await d.users.findByPhone(b.referrer_id))) throw badRequest('推荐人不存在，请检查推荐人手机号');
      }
      await d.sms.verify(b.phone, 'register', b.code);
      const user = await d.users.create({
        phone: b.phone,
        name: b.name,
        username: b.name,
        passwordHash: await hashPassword(b.password),
        referrerPhone: b.referrer_id,
      });
      if (!user) throw conflict('该手机号已注册，请直接登录');
      return issue(user, meta);
    },

    async loginWithPassword(phone: string, password: string, meta: RequestMeta) {
      const user = await d.users.findByPhone(phone);
      if (!user) {
        await verifyPassword(await dummyHash(), password);
        throw new AppError(404, NOT_REGISTERED, 'NOT_REGISTERED');
      }
      if (!user.passwordHash) throw badRequest('该账号尚未设置密码，请使用验证码登录');
      await d.passwordGuard.beginAttempt(user.id);
      if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized('密码错误');
      await d.passwordGuard.succeeded(user.id);
      return issue(user, meta);
    },

    async loginWithCode(phone: string, code: string, meta: RequestMeta) {
      const user = await requireUser(phone);
      await d.sms.verify(phone, 'login', code);
      return issue(user, meta);
    },

    /**
     * 忘记密码 (issue 19): the SMS code of type reset proves the phone; the new password replaces the old one, every
     * session of the account ends (on every instance: the revocation evicts through the database's NOTIFY, ADR 009),
     * a password lock is lifted, and the person is signed in with a fresh session.
     */
    async resetPassword(b: { phone: string; code: string; password: string }, meta: RequestMeta) {
      const user = await requireUser(b.phone);
      await d.sms.verify(b.phone, 'reset', b.code);
      const updated = (await d.users.update(user.id, { passwordHash: await hashPassword(b.password) })) ?? user;
      await d.sessions.revokeAllForUser(user.id, d.now());
      await d.passwordGuard.succeeded(user.id);
      return issue(updated, meta);
    },

    /** A one-time ticket for a `?token=` sign-in link of the signed-in user (issue 12 item 5). */
    async issueSignInTicket(userId: string) {
      return { ticket: await d.tickets.issue(userId, d.now()), expires_in: SIGN_IN_TICKET_TTL_SECONDS };
    },

    /** Spends a ticket from a `?token=` link for a new session; a bearer token or a spent ticket signs no one in. */
    async signInWithTicket(ticket: string, meta: RequestMeta) {
      if (!SIGN_IN_TICKET_PATTERN.test(ticket)) throw badRequest(TICKET_INVALID, 'TICKET_INVALID');
      const userId = await d.tickets.spend(ticket, d.now());
      const user = userId ? await d.users.findById(userId) : null;
      if (!user) throw badRequest(TICKET_INVALID, 'TICKET_INVALID');
      return issue(user, meta);
    },

    /**
     * Whether a sign-in link's ticket is for the signed-in caller's own account: then the page simply drops it;
     * otherwise it asks before switching. The ticket is not spent.
     */
    async ticketIsOwn(ticket: string, userId: string) {
      const owner = SIGN_IN_TICKET_PATTERN.test(ticket) ? await d.tickets.ownerOf(ticket, d.now()) : null;
      if (!owner) throw badRequest(TICKET_INVALID, 'TICKET_INVALID');
      return { same_account: owner === userId };
    },

    async verifyPhone(phone: string) {
      return { phone, registered: !!(await d.users.findByPhone(phone)) };
    },

    /**
     * Gives an account that has no phone yet (created by WeChat sign-in) a verified one. When the phone already has an
     * account, the SMS code proves it is the caller's: the WeChat account joins that one, which is signed in instead.
     */
    async bindPhone(user: UserRow, phone: string, code: string, token: string, meta: RequestMeta) {
      if (user.phone) throw badRequest('当前账号已绑定手机号');
      const owner = await d.users.findByPhone(phone);
      if (owner && owner.id !== user.id) {
        if (!d.mergeAccounts) throw conflict('该手机号已被其他账号绑定');
        await d.sms.verify(phone, 'bind', code);
        await d.mergeAccounts(user, owner);
        return issue(owner, meta);
      }
      await d.sms.verify(phone, 'bind', code);
      const updated = await d.users.update(user.id, { phone });
      return { user: updated ?? user, token };
    },

    async updateProfile(user: UserRow, username: string) {
      return (await d.users.update(user.id, { username })) ?? user;
    },

    /** Signs a user in (a new session and its token) for sign-in paths that live outside this service (WeChat). */
    startSession: issue,

    logout: (sessionId: string) => d.sessions.revoke(sessionId, d.now()),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
