import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  authSessions,
  baziCharts,
  chatMessages,
  chatSessions,
  chatUsageDays,
  consentRecords,
  contactMessages,
  paymentOrders,
  smsCodes,
  smsOutbox,
  tips,
  users,
  wechatIdentities,
  wechatQrStates,
  type UserRow,
} from '../../db/schema';
import type { AccountChanged } from '../auth';

/**
 * Reads and erases everything stored about one person, table by table (PIPL Art. 45 and 47). Tables of other areas
 * are read directly here on purpose: this is the one place that must know every place personal data lives.
 */
export function createAccountRepository(db: Db, changed: AccountChanged = () => {}) {
  return {
    async collect(user: UserRow) {
      const phone = user.phone;
      const [sessions, identities, referrals, chatRows, messageRows, charts, orders, tipRows, consents, smsRows, contacts, usageDays] =
        await Promise.all([
          db.select().from(authSessions).where(eq(authSessions.userId, user.id)).orderBy(asc(authSessions.createdAt)),
          db.select().from(wechatIdentities).where(eq(wechatIdentities.userId, user.id)),
          phone
            ? db
                .select({ username: users.username, phone: users.phone, createdAt: users.createdAt })
                .from(users)
                .where(eq(users.referrerPhone, phone))
            : [],
          db.select().from(chatSessions).where(eq(chatSessions.userId, user.id)).orderBy(asc(chatSessions.createdAt)),
          db
            .select()
            .from(chatMessages)
            .where(eq(chatMessages.userId, user.id))
            .orderBy(asc(chatMessages.sessionId), asc(chatMessages.orderNum)),
          db.select().from(baziCharts).where(eq(baziCharts.userId, user.id)).orderBy(asc(baziCharts.createdAt)),
          db
            .select()
            .from(paymentOrders)
            .where(phone ? or(eq(paymentOrders.userId, user.id), eq(paymentOrders.userPhone, phone)) : eq(paymentOrders.userId, user.id)),
          db
            .select()
            .from(tips)
            .where(phone ? or(eq(tips.userId, user.id), eq(tips.userPhone, phone)) : eq(tips.userId, user.id)),
          db
            .select()
            .from(consentRecords)
            .where(phone ? or(eq(consentRecords.userId, user.id), eq(consentRecords.phone, phone)) : eq(consentRecords.userId, user.id)),
          phone ? db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(asc(smsCodes.createdAt)) : [],
          db
            .select()
            .from(contactMessages)
            .where(phone ? or(eq(contactMessages.userId, user.id), eq(contactMessages.phone, phone)) : eq(contactMessages.userId, user.id)),
          db.select().from(chatUsageDays).where(eq(chatUsageDays.userId, user.id)).orderBy(asc(chatUsageDays.day)),
        ]);
      return { sessions, identities, referrals, chatRows, messageRows, charts, orders, tipRows, consents, smsRows, contacts, usageDays };
    },

    /**
     * Erases the person in one transaction. Payment records stay as the law requires (E-Commerce Law Art. 31), with the
     * user id and phone removed; the person's phone is cleared wherever others named it as their referrer.
     */
    async erase(user: UserRow): Promise<void> {
      const phone = user.phone;
      const referred = await db.transaction(async (tx) => {
        let referred: { id: string }[] = [];
        await tx
          .update(tips)
          .set({ userId: null, userPhone: null })
          .where(phone ? or(eq(tips.userId, user.id), eq(tips.userPhone, phone)) : eq(tips.userId, user.id));
        await tx
          .update(paymentOrders)
          .set({ userId: null, userPhone: null })
          .where(phone ? or(eq(paymentOrders.userId, user.id), eq(paymentOrders.userPhone, phone)) : eq(paymentOrders.userId, user.id));
        if (phone) {
          referred = await tx.update(users).set({ referrerPhone: null }).where(eq(users.referrerPhone, phone)).returning({ id: users.id });
          await tx.delete(smsCodes).where(eq(smsCodes.phone, phone));
          await tx.delete(smsOutbox).where(eq(smsOutbox.phone, phone));
        }
        await tx
          .delete(consentRecords)
          .where(phone ? or(eq(consentRecords.userId, user.id), eq(consentRecords.phone, phone)) : eq(consentRecords.userId, user.id));
        await tx
          .delete(contactMessages)
          .where(phone ? or(eq(contactMessages.userId, user.id), eq(contactMessages.phone, phone)) : eq(contactMessages.userId, user.id));
        await tx.delete(wechatQrStates).where(eq(wechatQrStates.userId, user.id));
        await tx.delete(wechatIdentities).where(eq(wechatIdentities.userId, user.id));
        await tx.delete(chatMessages).where(eq(chatMessages.userId, user.id));
        await tx.delete(chatSessions).where(eq(chatSessions.userId, user.id));
        await tx.delete(chatUsageDays).where(eq(chatUsageDays.userId, user.id));
        await tx.delete(baziCharts).where(eq(baziCharts.userId, user.id));
        // Deleting the sessions is what revokes every token: each request re-reads its session row.
        await tx.delete(authSessions).where(eq(authSessions.userId, user.id));
        await tx.delete(users).where(eq(users.id, user.id));
        return referred;
      });
      changed(user.id);
      // Those who named this person as referrer now see referrer_id empty.
      for (const r of referred) changed(r.id);
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
