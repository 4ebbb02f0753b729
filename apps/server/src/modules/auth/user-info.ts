import type { UserInfo } from '@lingxi/shared';
import type { UserRow } from '../../db/schema';

/** The public view of an account (spec §3 User); WeChat fields fill in once an identity is linked. */
export function toUserInfo(u: UserRow, adminPhones: readonly string[]): UserInfo {
  return {
    id: u.id,
    phone: u.phone,
    username: u.username,
    name: u.name,
    referrer_id: u.referrerPhone,
    openid: null,
    unionid: null,
    wechat_nickname: null,
    binding_status: { has_wechat: false, wechat_accounts: [] },
    is_admin: !!u.phone && adminPhones.includes(u.phone),
    created_at: u.createdAt.toISOString(),
  };
}
