import type { wechatUnbindResponse, UserInfo } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function unbindWechat(): Promise<UserInfo> {
  const res = await apiClient.post<Answer<typeof wechatUnbindResponse>>('/auth/wechat-unbind', undefined);
  return res.data;
}
