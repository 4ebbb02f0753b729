import type { updateProfileResponse, UserInfo } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function updateProfile(username: string): Promise<UserInfo> {
  const res = await apiClient.put<Answer<typeof updateProfileResponse>>('/auth/update-profile', { username });
  return res.data;
}
