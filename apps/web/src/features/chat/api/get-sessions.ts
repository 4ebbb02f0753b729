import type { sessionListResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';
import type { SessionItem } from '../types';

/** Spec §7 /cache/session-list: the caller's sessions of one persona, newest first. */
export async function getSessions(o: { userId: string; serviceType: string; mainType?: string }): Promise<SessionItem[]> {
  const res = await apiClient.get<Answer<typeof sessionListResponse>>('/cache/session-list', {
    params: { user_id: o.userId, service_type: o.serviceType, main_type: o.mainType },
  });
  return res.data;
}
