import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  baziCharts,
  chatMessages,
  chatSessions,
  chatUsageDays,
  consentRecords,
  contactMessages,
  paymentOrders,
  tips,
  users,
  wechatIdentities,
  wechatQrStates,
  type UserRow,
} from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { AccountChanged } from '../auth';

/**
 * bind-phone for a WeChat-created account whose phone already has an account (ADR 005): after the SMS code proved the
 * phone, everything the WeChat account holds moves to the phone's account and the WeChat account is deleted, in one
 * transaction. Refused when the phone's account already has a different WeChat person.
 */
export function createAccountMerger(db: Db, changed: AccountChanged = () => {}) {
  return async (from: UserRow, into: UserRow): Promise<void> => {
    await db.transaction(async (tx) => {
      const mine = await tx
        .select({ unionid: wechatIdentities.unionid })
        .from(wechatIdentities)
        .where(eq(wechatIdentities.userId, from.id));
      const theirs = await tx
        .select({ unionid: wechatIdentities.unionid })
        .from(wechatIdentities)
        .where(eq(wechatIdentities.userId, into.id));
      const moving = new Set(mine.map((i) => i.unionid));
      if (theirs.some((i) => !moving.has(i.unionid))) throw conflict('该手机号的账号已绑定其他微信');

      await tx.update(wechatIdentities).set({ userId: into.id }).where(eq(wechatIdentities.userId, from.id));
      await tx.update(chatSessions).set({ userId: into.id }).where(eq(chatSessions.userId, from.id));
      await tx.update(chatMessages).set({ userId: into.id }).where(eq(chatMessages.userId, from.id));
      await tx.update(baziCharts).set({ userId: into.id }).where(eq(baziCharts.userId, from.id));
      // The days' chat tokens add up, so merging accounts never resets the daily bound.
      await tx.execute(sql`insert into ${chatUsageDays} (user_id, day, tokens)
        select ${into.id}::uuid, day, tokens from ${chatUsageDays} where user_id = ${from.id}
        on conflict (user_id, day) do update set tokens = ${chatUsageDays}.tokens + excluded.tokens`);
      await tx.delete(chatUsageDays).where(eq(chatUsageDays.userId, from.id));
      await tx.update(paymentOrders).set({ userId: into.id, userPhone: into.phone }).where(eq(paymentOrders.userId, from.id));
      await tx.update(tips).set({ userId: into.id, userPhone: into.phone }).where(eq(tips.userId, from.id));
      await tx.update(consentRecords).set({ userId: into.id, phone: into.phone }).where(eq(consentRecords.userId, from.id));
      await tx.update(contactMessages).set({ userId: into.id }).where(eq(contactMessages.userId, from.id));
      await tx.delete(wechatQrStates).where(eq(wechatQrStates.userId, from.id));
      // Its sessions go with it (cascade): the caller signs in as `into` with a fresh token.
      await tx.delete(users).where(eq(users.id, from.id));
    });
    changed(from.id);
    changed(into.id);
  };
}
