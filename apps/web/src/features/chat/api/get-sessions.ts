import { apiClient } from '@/lib/api-client';
import type { SessionItem } from '../types';

/** The list may come bare (spec §7: an array) or in the envelope under data; both are accepted. */
export function toSessionItems(body: unknown): SessionItem[] {
  const list = Array.isArray(body) ? body : Array.isArray((body as { data?: unknown })?.data) ? (body as { data: unknown[] }).data : [];
  return list
    .filter(
      (s): s is { session_id: string; session_name?: string | null } =>
        !!s && typeof (s as { session_id?: unknown }).session_id === 'string',
    )
    .map((s) => ({ session_id: s.session_id, session_name: s.session_name ?? null }));
}

export async function getSessions(o: { userId: string; serviceType: string; mainType?: string }): Promise<SessionItem[]> {
  const body = await apiClient.get('/cache/session-list', {
    params: { user_id: o.userId, service_type: o.serviceType, main_type: o.mainType },
  });
  return toSessionItems(body);
}
