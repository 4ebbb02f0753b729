import type { wechatOaAuthorizeResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/**
 * Inside WeChat's browser (issue 19): the official account's web authorization replaces the QR. Resolves the
 * connect/oauth2/authorize address to send the browser to; it comes back to `returnTo` with `wechat_oa=<state>`.
 * A 404 (OA_UNAVAILABLE) means the site has no official account: show the QR with 长按识别 instead.
 */
export async function startOaAuthorization(intent: 'login' | 'bind', returnTo: string): Promise<string> {
  const res = await apiClient.post<Answer<typeof wechatOaAuthorizeResponse>>('/auth/wechat-oa/authorize', {
    intent,
    return_to: returnTo,
  });
  return res.data.url;
}
