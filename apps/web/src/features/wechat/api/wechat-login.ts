import { PRIVACY_POLICY_VERSION } from '@lingxi/shared/rules';
import type { unifiedLoginResponse, UnifiedLoginResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** Spec §7: unified-login with login_type wechat, the one-time ticket as code, referrer_id and wechat_type mp. */
export function wechatLogin(ticket: string, referrerId?: string): Promise<UnifiedLoginResponse> {
  return apiClient.post<Answer<typeof unifiedLoginResponse>>(
    '/auth/unified-login',
    { login_type: 'wechat', code: ticket, referrer_id: referrerId ?? null, wechat_type: 'mp', policy_version: PRIVACY_POLICY_VERSION },
    {},
  );
}
