import type { myReferrerResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function getMyReferrer(signal?: AbortSignal) {
  const res = await apiClient.get<Answer<typeof myReferrerResponse>>('/referrer/my-referrer', { signal });
  return res.data;
}
