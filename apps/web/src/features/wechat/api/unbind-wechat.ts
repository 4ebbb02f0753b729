import { wechatUnbindResponse, type UserInfo } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function unbindWechat(): Promise<UserInfo> {
  const res = await apiClient.post('/auth/wechat-unbind', undefined, { schema: wechatUnbindResponse });
  return res.data;
}
