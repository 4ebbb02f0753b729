import type { RenameSessionBody, renameSessionResponse } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function renameSession(sessionId: string, name: string): Promise<void> {
  const body: RenameSessionBody = { session_id: sessionId, session_name: name };
  await apiClient.patch<Answer<typeof renameSessionResponse>>('/cache/session-name', body);
}
