import type { wechatOaAuthorizeResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/**
 * Starts the official account's silent snsapi_base authorisation (issue 19) that lets WeChat Pay JSAPI know the payer,
 * coming back to `returnTo`. Resolves the URL to send the browser to.
 */
export async function officialAccountAuthorizeUrl(returnTo: string): Promise<string> {
  const res = await apiClient.post<Answer<typeof wechatOaAuthorizeResponse>>('/auth/wechat-oa/authorize', {
    intent: 'base',
    return_to: returnTo,
  });
  return res.data.url;
}
