import type { TokenUsage, tokenUsageResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** Spec §7 Statistics (admins only): token totals by session id or by phone. */
export async function getTokenUsage(q: { sessionId: string; phone: string }): Promise<TokenUsage> {
  const res = await apiClient.get<Answer<typeof tokenUsageResponse>>('/stats/token-usage', {
    params: { session_id: q.sessionId || undefined, phone: q.phone || undefined },
  });
  return res.data;
}
