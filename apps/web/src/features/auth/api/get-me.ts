import type { meResponse, UserInfo } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function getMe(): Promise<UserInfo> {
  const res = await apiClient.get<Answer<typeof meResponse>>('/auth/me');
  return res.data;
}
