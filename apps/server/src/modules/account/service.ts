import { EXPORT_FORMAT_VERSION, maskPhone, type AccountExport } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { SmsService } from '../sms';
import type { AccountRepository } from './repository';

type Row = Record<string, unknown>;

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** Rows as stored: column names, minus the fields named (secrets and internal keys). */
function asStored(row: object, omit: string[] = []): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) if (!omit.includes(k)) out[snake(k)] = v instanceof Date ? v.toISOString() : v;
  return out;
}

export function createAccountService(d: { repo: AccountRepository; sms: SmsService; now: () => Date; log: FastifyBaseLogger }) {
  return {
    /** Everything we hold about the person, as JSON (PIPL Art. 45: a copy in a commonly used format). */
    async export(user: UserRow): Promise<AccountExport> {
      const r = await d.repo.collect(user);
      const messagesBySession = new Map<string, Row[]>();
      for (const m of r.messageRows) {
        const list = messagesBySession.get(m.sessionId) ?? [];
        list.push(asStored(m, ['userId', 'sessionId']));
        messagesBySession.set(m.sessionId, list);
      }
      return {
        format_version: EXPORT_FORMAT_VERSION,
        exported_at: d.now().toISOString(),
        account: { ...asStored(user, ['passwordHash']), has_password: !!user.passwordHash },
        // Session ids are bearer-token material; the rest tells the person where and when they were signed in.
        sessions: r.sessions.map((s) => asStored(s, ['id', 'userId'])),
        wechat_identities: r.identities.map((i) => asStored(i, ['userId'])),
        referrer: {
          referrer_phone: user.referrerPhone,
          // The invitees' numbers are theirs: shown masked, as in the app.
          referrals: r.referrals.map((x) => ({ username: x.username, phone: maskPhone(x.phone), created_at: x.createdAt.toISOString() })),
        },
        chats: r.chatRows.map((c) => ({ ...asStored(c, ['userId']), messages: messagesBySession.get(c.id) ?? [] })),
        bazi_charts: r.charts.map((c) => asStored(c, ['userId'])),
        chat_usage_days: r.usageDays.map((u) => asStored(u, ['userId'])),
        payments: { orders: r.orders.map((o) => asStored(o, ['userId'])), tips: r.tipRows.map((t) => asStored(t, ['userId'])) },
        consent_records: r.consents.map((c) => asStored(c, ['userId'])),
        sms_log: r.smsRows.map((s) => asStored(s, ['id', 'codeHash'])),
        contact_messages: r.contacts.map((c) => asStored(c, ['userId'])),
      };
    },

    /**
     * Account deletion (PIPL Art. 47), confirmed by an SMS code of type 'delete' sent to the account's phone. An account
     * without a phone cannot receive one; it binds a phone first (or asks support).
     */
    async delete(user: UserRow, code: string) {
      if (!user.phone) throw badRequest('请先绑定手机号，以便通过短信验证码确认注销');
      await d.sms.verify(user.phone, 'delete', code);
      await d.repo.erase(user);
      d.log.info({ userId: user.id }, 'account deleted at the owner’s request');
      return { deleted_at: d.now().toISOString() };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
