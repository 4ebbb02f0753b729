import { myReferrerResponse } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function getMyReferrer(signal?: AbortSignal) {
  const res = await apiClient.get('/referrer/my-referrer', { schema: myReferrerResponse, signal });
  return res.data;
}
