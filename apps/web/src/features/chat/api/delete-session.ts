import type { deleteHistoryResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function deleteSession(sessionId: string): Promise<void> {
  await apiClient.delete<Answer<typeof deleteHistoryResponse>>('/cache/delete-history', { params: { session_id: sessionId } });
}
