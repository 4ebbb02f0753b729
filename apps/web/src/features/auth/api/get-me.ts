import { meResponse, type UserInfo } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function getMe(): Promise<UserInfo> {
  const res = await apiClient.get('/auth/me', { schema: meResponse });
  return res.data;
}
