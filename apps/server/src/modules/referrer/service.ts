import { REFERRER_MESSAGES as M, maskPhone, type ReferrerView } from '@lingxi/shared';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { UserRepository } from '../auth';
import type { ReferrerRepository } from './repository';

/** 张三 → 张*: enough for the person to recognise whom they typed, not enough to learn a stranger's name. */
export function maskName(name: string | null): string | null {
  if (!name) return null;
  const chars = [...name];
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/** Both names are masked: the username starts as the registration name, so it is a real name as often as not. */
const view = (u: UserRow): ReferrerView => ({ username: maskName(u.username), name: maskName(u.name), phone: maskPhone(u.phone) });

/**
 * Referrer rules: the referrer must exist, is not yourself, is bound once and never changes, and may not be someone
 * you referred, directly or down a chain (A→B→A, A→B→C→A).
 */
export function createReferrerService(d: { repo: ReferrerRepository; users: UserRepository; publicBaseUrl: string | undefined }) {
  return {
    async bind(user: UserRow, referrerPhone: string) {
      if (user.referrerPhone) throw conflict(M.alreadyBound);
      if (user.phone === referrerPhone) throw badRequest(M.self);
      const referrer = await d.users.findByPhone(referrerPhone);
      if (!referrer) throw notFound(M.notFound);
      await d.repo.withBindLock(async (tx) => {
        if (user.phone && (await d.repo.chainReaches(tx, referrerPhone, user.phone))) throw badRequest(M.cycle);
        if (!(await d.repo.bindIfUnset(tx, user.id, referrerPhone))) throw conflict(M.alreadyBound);
      });
      return { ...view(referrer), referrer_id: referrerPhone };
    },

    async myReferrer(user: UserRow) {
      if (!user.referrerPhone) return null;
      const referrer = await d.users.findByPhone(user.referrerPhone);
      return referrer ? { ...view(referrer), referrer_id: user.referrerPhone } : null;
    },

    /** The people you invited, with masked phones: their numbers are theirs, not yours. */
    async myReferrals(user: UserRow) {
      if (!user.phone) return { total: 0, referrals: [] };
      const rows = await d.repo.referralsOf(user.phone);
      return {
        total: rows.length,
        referrals: rows.map((r) => ({ username: r.username, phone: maskPhone(r.phone), created_at: r.createdAt.toISOString() })),
      };
    },

    /** The invitation link for yourself (id = your user id or phone); /register reads ?referrer= into the form. */
    link(user: UserRow, id: string, origin: string) {
      if (id !== user.id && id !== user.phone) throw forbidden('只能获取自己的推荐链接');
      if (!user.phone) throw badRequest(M.needPhone);
      const base = (d.publicBaseUrl ?? origin).replace(/\/+$/, '');
      return { referrer_id: user.phone, link: `${base}/register?referrer=${encodeURIComponent(user.phone)}` };
    },

    async lookup(phone: string) {
      const u = await d.users.findByPhone(phone);
      if (!u) throw notFound(M.notFound);
      return view(u);
    },
  };
}
export type ReferrerService = ReturnType<typeof createReferrerService>;
