import { updateProfileResponse, type UserInfo } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function updateProfile(username: string): Promise<UserInfo> {
  const res = await apiClient.put('/auth/update-profile', { username }, { schema: updateProfileResponse });
  return res.data;
}
