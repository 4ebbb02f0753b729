import { apiClient } from '@/lib/api-client';

export async function deleteSession(sessionId: string): Promise<void> {
  await apiClient.delete('/cache/delete-history', { params: { session_id: sessionId } });
}
