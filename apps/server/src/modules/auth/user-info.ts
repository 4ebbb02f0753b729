import type { UserInfo } from '@lingxi/shared';
import type { UserRow } from '../../db/schema';

/** A linked WeChat identity as the user view needs it (loaded by the WeChat service). */
export interface WechatIdentityView {
  appid: string;
  openid: string;
  unionid: string | null;
  wechatType: string;
  nickname: string | null;
}

/** The public view of an account (spec §3 User); the WeChat fields come from its linked identities (first = primary). */
export function toUserInfo(u: UserRow, adminPhones: readonly string[], identities: readonly WechatIdentityView[] = []): UserInfo {
  const primary = identities[0];
  return {
    id: u.id,
    phone: u.phone,
    username: u.username,
    name: u.name,
    referrer_id: u.referrerPhone,
    openid: primary?.openid ?? null,
    unionid: primary?.unionid ?? null,
    wechat_nickname: primary?.nickname ?? null,
    binding_status: {
      has_wechat: identities.length > 0,
      wechat_accounts: identities.map((i) => ({ wechat_type: i.wechatType, wechat_nickname: i.nickname, appid: i.appid })),
    },
    is_admin: !!u.phone && adminPhones.includes(u.phone),
    created_at: u.createdAt.toISOString(),
  };
}
