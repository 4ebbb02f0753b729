import { z } from 'zod';
import { MSG, PHONE_PATTERN, normalizePhone, requiredString } from '../validation';
import { envelope } from './common';

/** Referrer programme (spec §7 Referrer). A referrer is named by phone number; the binding never changes. */

export const REFERRER_MESSAGES = {
  notFound: '推荐人不存在，请检查推荐人手机号',
  self: '不能将自己设为推荐人',
  alreadyBound: '您已绑定推荐人，不能更改',
  cycle: '不能绑定由您推荐（直接或间接）的用户为推荐人',
  needPhone: '请先绑定手机号后再邀请好友',
} as const;

const referrerPhone = requiredString('请输入推荐人手机号')
  .transform(normalizePhone)
  .pipe(z.string().regex(PHONE_PATTERN, { error: MSG.referrerInvalid }));

export const bindReferrerQuery = z.object({ referrer_id: referrerPhone });
export const referrerLookupQuery = z.object({ phone: referrerPhone });

/** Spec §3 referrer lookup result, every field masked (张*, 138****0000): the caller typed the number, we confirm whose it is. */
export const referrerView = z.object({ username: z.string().nullable(), name: z.string().nullable(), phone: z.string() });
export type ReferrerView = z.infer<typeof referrerView>;

export const referrerLookupResponse = envelope(referrerView);
/** null data: no referrer bound yet. referrer_id is the full number the user bound (their own choice, shown read-only). */
export const myReferrerResponse = envelope(referrerView.extend({ referrer_id: z.string() }).nullable());
export const bindReferrerResponse = envelope(referrerView.extend({ referrer_id: z.string() }));

export const referralView = z.object({ username: z.string().nullable(), phone: z.string(), created_at: z.string() });
export const myReferralsResponse = envelope(z.object({ total: z.number().int(), referrals: z.array(referralView) }));

export const referrerLinkParams = z.object({ id: z.string().min(1).max(64) });
export const referrerLinkResponse = envelope(z.object({ referrer_id: z.string(), link: z.string() }));
