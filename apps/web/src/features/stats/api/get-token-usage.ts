import type { TokenUsage } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

/** Spec §7 Statistics: the totals may sit at the top level or under data; both are read. */
export async function getTokenUsage(q: { sessionId: string; phone: string }): Promise<TokenUsage> {
  const body = await apiClient.get<Partial<TokenUsage> & { data?: Partial<TokenUsage> }>('/stats/token-usage', {
    params: { session_id: q.sessionId || undefined, phone: q.phone || undefined },
  });
  const d = body?.data && typeof body.data === 'object' ? body.data : body;
  return {
    total_tokens: Number(d?.total_tokens ?? 0),
    user_tokens: Number(d?.user_tokens ?? 0),
    assistant_tokens: Number(d?.assistant_tokens ?? 0),
    estimated_messages: Number(d?.estimated_messages ?? 0),
    sessions: Array.isArray(d?.sessions) ? d.sessions : [],
  };
}
