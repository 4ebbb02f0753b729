import type { deepSummaryResponse, DeepSummary } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** Asks the model for the deep session's 深度总结, saved with it (a model call: up to two minutes). */
export async function requestDeepSummary(sessionId: string): Promise<DeepSummary> {
  const res = await apiClient.post<Answer<typeof deepSummaryResponse>>(
    '/chat/deep-summary',
    { session_id: sessionId },
    { timeoutMs: 120_000 },
  );
  return res.data;
}
