import { apiClient } from '@/lib/api-client';

export async function renameSession(sessionId: string, name: string): Promise<void> {
  await apiClient.patch('/cache/session-name', { session_id: sessionId, session_name: name });
}
