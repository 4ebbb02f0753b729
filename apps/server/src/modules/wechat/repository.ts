import { and, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, wechatIdentities, wechatOaOpenids, wechatQrStates, type UserRow } from '../../db/schema';
import type { AccountChanged } from '../auth';
import type { WechatProfile } from './providers/types';

export type WechatIdentityRow = typeof wechatIdentities.$inferSelect;
export type QrStateRow = typeof wechatQrStates.$inferSelect;
/** login, bind: the website app's QR; oa-*: the official account's web authorization inside WeChat. */
export type QrIntent = 'login' | 'bind' | 'oa-login' | 'oa-bind' | 'oa-base';
/** The intents whose result is a one-time sign-in ticket (unified-login with login_type wechat). */
const SIGN_IN_INTENTS: QrIntent[] = ['login', 'oa-login'];

/** Thrown inside a transaction to roll it back when another request created the same identity first. */
class IdentityTaken extends Error {}

export function createWechatRepository(db: Db, changed: AccountChanged = () => {}) {
  return {
    listForUser(userId: string): Promise<WechatIdentityRow[]> {
      return db.select().from(wechatIdentities).where(eq(wechatIdentities.userId, userId)).orderBy(wechatIdentities.createdAt);
    },

    /** The account a WeChat person belongs to: by unionid across all our apps, else by this app's openid. */
    async ownerOf(p: Pick<WechatProfile, 'appid' | 'openid' | 'unionid'>): Promise<UserRow | null> {
      const match = p.unionid
        ? eq(wechatIdentities.unionid, p.unionid)
        : and(eq(wechatIdentities.appid, p.appid), eq(wechatIdentities.openid, p.openid));
      const [row] = await db
        .select({ user: users })
        .from(wechatIdentities)
        .innerJoin(users, eq(users.id, wechatIdentities.userId))
        .where(match)
        .limit(1);
      return row?.user ?? null;
    },

    /** Adds (appid, openid) to the user, or refreshes its nickname; the unique (appid, openid) index settles races. */
    async attach(userId: string, p: WechatProfile, wechatType: string): Promise<boolean> {
      const inserted = await db
        .insert(wechatIdentities)
        .values({ userId, appid: p.appid, openid: p.openid, unionid: p.unionid, nickname: p.nickname, avatarUrl: p.avatarUrl, wechatType })
        .onConflictDoNothing({ target: [wechatIdentities.appid, wechatIdentities.openid] })
        .returning({ id: wechatIdentities.id });
      if (inserted.length) {
        changed(userId);
        return true;
      }
      const updated = await db
        .update(wechatIdentities)
        .set({ nickname: p.nickname, avatarUrl: p.avatarUrl, unionid: p.unionid })
        .where(and(eq(wechatIdentities.appid, p.appid), eq(wechatIdentities.openid, p.openid), eq(wechatIdentities.userId, userId)))
        .returning({ id: wechatIdentities.id });
      changed(userId);
      return updated.length > 0;
    },

    /** A new account without a phone plus its identity, atomically; null when the identity was taken meanwhile. */
    async createUserWithIdentity(p: WechatProfile, wechatType: string, referrerPhone: string | null): Promise<UserRow | null> {
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ username: p.nickname ?? '微信用户', referrerPhone })
            .returning();
          const ins = await tx
            .insert(wechatIdentities)
            .values({
              userId: user!.id,
              appid: p.appid,
              openid: p.openid,
              unionid: p.unionid,
              nickname: p.nickname,
              avatarUrl: p.avatarUrl,
              wechatType,
            })
            .onConflictDoNothing({ target: [wechatIdentities.appid, wechatIdentities.openid] })
            .returning({ id: wechatIdentities.id });
          if (!ins.length) throw new IdentityTaken();
          return user!;
        });
      } catch (err) {
        if (err instanceof IdentityTaken) return null;
        throw err;
      }
    },

    /** Unlinks every WeChat identity, and forgets the official-account openids seen for the account with them. */
    async detachAll(userId: string): Promise<number> {
      const rows = await db.delete(wechatIdentities).where(eq(wechatIdentities.userId, userId)).returning({ id: wechatIdentities.id });
      await db.delete(wechatOaOpenids).where(eq(wechatOaOpenids.userId, userId));
      changed(userId);
      return rows.length;
    },

    /** Keeps the latest openid the official account `appid` saw for the person using this account (one row each). */
    async rememberOaOpenid(userId: string, appid: string, openid: string, now: Date) {
      await db
        .insert(wechatOaOpenids)
        .values({ userId, appid, openid, updatedAt: now })
        .onConflictDoUpdate({ target: [wechatOaOpenids.userId, wechatOaOpenids.appid], set: { openid, updatedAt: now } });
    },

    async oaOpenidOf(userId: string, appid: string): Promise<string | null> {
      const [row] = await db
        .select({ openid: wechatOaOpenids.openid })
        .from(wechatOaOpenids)
        .where(and(eq(wechatOaOpenids.userId, userId), eq(wechatOaOpenids.appid, appid)))
        .limit(1);
      return row?.openid ?? null;
    },

    async createState(v: {
      id: string;
      intent: QrIntent;
      creatorKey: string;
      userId: string | null;
      returnTo?: string | null;
      expiresAt: Date;
      createdAt: Date;
    }) {
      await db.insert(wechatQrStates).values({ ...v, status: 'waiting' });
    },

    async findState(id: string): Promise<QrStateRow | null> {
      const [row] = await db.select().from(wechatQrStates).where(eq(wechatQrStates.id, id)).limit(1);
      return row ?? null;
    },

    /** waiting → scanned, once: the callback of a replayed or raced redirect finds nothing to update. */
    async markScanned(id: string, v: { ticket: string | null; result: unknown; expiresAt: Date; now: Date; consumed: boolean }) {
      const rows = await db
        .update(wechatQrStates)
        .set({
          status: 'scanned',
          ticket: v.ticket,
          result: v.result,
          scannedAt: v.now,
          expiresAt: v.expiresAt,
          consumedAt: v.consumed ? v.now : null,
        })
        .where(and(eq(wechatQrStates.id, id), eq(wechatQrStates.status, 'waiting'), gt(wechatQrStates.expiresAt, v.now)))
        .returning({ id: wechatQrStates.id });
      return rows.length === 1;
    },

    async markFailed(id: string, error: string, now: Date) {
      await db
        .update(wechatQrStates)
        .set({ status: 'failed', error, consumedAt: now })
        .where(and(eq(wechatQrStates.id, id), eq(wechatQrStates.status, 'waiting')));
    },

    /**
     * Single use under races: only one UPDATE finds consumed_at still null. The same statement clears the stored
     * WeChat profile and hands back the one it held, so no consumed state keeps the person's openid or nickname.
     */
    async consumeTicket(ticketHash: string, now: Date): Promise<QrStateRow | null> {
      const live = db
        .select({ id: wechatQrStates.id, result: wechatQrStates.result })
        .from(wechatQrStates)
        .where(
          and(
            eq(wechatQrStates.ticket, ticketHash),
            isNull(wechatQrStates.consumedAt),
            gt(wechatQrStates.expiresAt, now),
            inArray(wechatQrStates.intent, SIGN_IN_INTENTS),
          ),
        )
        .for('update')
        .as('live');
      const [row] = await db
        .update(wechatQrStates)
        .set({ consumedAt: now, result: null })
        .from(live)
        .where(eq(wechatQrStates.id, live.id))
        .returning({ state: getTableColumns(wechatQrStates), held: live.result });
      return row ? { ...row.state, result: row.held } : null;
    },

    /**
     * Swept as new states are made: a state is deleted a day after it expires (its row still answers 'expired' to a
     * late poll meanwhile), and the WeChat profile an expired one still holds is cleared at once.
     */
    async purgeExpired(now: Date, before: Date) {
      await db.delete(wechatQrStates).where(lt(wechatQrStates.expiresAt, before));
      await db
        .update(wechatQrStates)
        .set({ result: null })
        .where(and(lte(wechatQrStates.expiresAt, now), isNotNull(wechatQrStates.result)));
    },
  };
}
export type WechatRepository = ReturnType<typeof createWechatRepository>;
